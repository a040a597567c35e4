// Limits for pages that do real work on GET: `/sandbox` runs the simulator for the
// scenario in its URL. proxy.ts asks here before the page renders; a spent limit
// answers the same 429 problem (with Retry-After) as the sandbox API.
import type { HasHeaders } from './client'
import { rateLimit } from './edge'

type PageRequest = HasHeaders & { method: string; nextUrl: { pathname: string } }

export function limitPageRun(request: PageRequest): Response | null | Promise<Response | null> {
  if (request.method !== 'GET' || request.nextUrl.pathname !== '/sandbox') return null
  return rateLimit('sandbox', request)
}
