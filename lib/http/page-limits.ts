// Limits for pages that do real work on GET: `/sandbox` runs the simulator for the
// scenario in its URL. proxy.ts asks here before the page renders; a spent limit
// answers the same 429 problem (with Retry-After) as the sandbox API.
import { rateLimit } from './edge'

type PageRequest = {
  method: string
  nextUrl: { pathname: string }
  headers: { get(name: string): string | null }
}

export function limitPageRun(request: PageRequest): Response | null {
  if (request.method !== 'GET' || request.nextUrl.pathname !== '/sandbox') return null
  return rateLimit('sandbox', request)
}
