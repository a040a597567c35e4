// Limits for pages that do real work on GET: `/sandbox` runs the simulator for the
// scenario in its URL — unless that run is already in memory (the presets always are;
// lib/sandbox/run-memory.ts), which costs nothing and counts against nothing. A new run
// draws from the `pages` limit, never from the sandbox API's. proxy.ts asks here before
// the page renders; a refused navigation gets the page with its limited notice instead
// (LIMITED_HEADER, status 429 through STATUS_HEADER), any other request the 429 problem
// with Retry-After.
import { type HasHeaders, WARM_UP_HEADER } from './client'
import { rateLimit } from './edge'

type PageRequest = HasHeaders & {
  method: string
  nextUrl: { pathname: string; searchParams: URLSearchParams }
}

/** The request header proxy.ts hands a refused page: `<seconds until a retry>`; it renders no run. */
export const LIMITED_HEADER = 'x-drill-limited-retry-after'
/**
 * A response header only scripts/server.ts reads (and removes): the status it sends
 * instead of Next's, which renders every page it is asked for with 200.
 */
export const STATUS_HEADER = 'x-drill-status'

/**
 * The refusal for a page load that would start a simulator run and has no budget left,
 * or null. `isCached(searchParams)` says whether the page's run is in memory already.
 */
export async function limitPageRun(
  request: PageRequest,
  isCached: (searchParams: URLSearchParams) => boolean,
): Promise<{ retryAfterS: number; problem: Response } | null> {
  if (request.method !== 'GET' || request.nextUrl.pathname !== '/sandbox') return null
  if (request.headers.get(WARM_UP_HEADER) === '1' || isCached(request.nextUrl.searchParams)) return null
  const problem = await rateLimit('pages', request)
  if (!problem) return null
  return { retryAfterS: Number(problem.headers.get('retry-after') ?? 60), problem }
}

/** A browser opening a page (what gets an HTML answer): it asks for text/html. */
export function isNavigation(request: HasHeaders): boolean {
  return (request.headers.get('accept') ?? '').toLowerCase().includes('text/html')
}

/** The retry delay proxy.ts handed this page, or null when it was not refused. */
export function limitedRetryAfterS(request: HasHeaders): number | null {
  const value = request.headers.get(LIMITED_HEADER)
  const seconds = value === null ? Number.NaN : Number(value)
  return Number.isFinite(seconds) ? seconds : null
}

/** "42 seconds", "1 second", "2 minutes" — for the limited notice's sentence. */
export function retryAfterText(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds))
  if (s < 120) return `${s} ${s === 1 ? 'second' : 'seconds'}`
  const m = Math.ceil(s / 60)
  return `${m} minutes`
}
