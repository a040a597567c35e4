// The pages `npm run bench:pages` and `npm run bench:web` measure, in one list: a page
// another issue adds is one line here.
export const BENCH_PAGES = [
  '/',
  '/review',
  '/cards',
  '/cards/idempotency-keys',
  '/drills/lost-response',
  '/sandbox',
  '/stats',
  '/settings',
  '/plan',
  '/mock',
  '/check',
] as const

/**
 * The data a page fetches after its first paint, keyed by that page (GET /api/review/day: /review's
 * day after its first card). bench:pages reports each beside the pages, so work moved off a page shows.
 */
export const PAGE_DATA: Readonly<Record<string, string>> = { '/api/review/day': '/review' }

/**
 * One of the learner's own mock interview reports (`/mock/<id>`): a bench stores mocks for its
 * learner first (bench/bench-mocks.ts) and visits this path with the stored id in place of `<id>`.
 */
export const MOCK_REPORT_PAGE = '/mock/<id>'

/** The path to request for a page of the list: `MOCK_REPORT_PAGE` with the learner's mock id. */
export function pagePathFor(page: string, mockId: string): string {
  return page === MOCK_REPORT_PAGE ? `/mock/${mockId}` : page
}

/** Any path Next answers with its own 404 page: the floor every page is compared with. */
export const NOT_FOUND_PAGE = '/no-such-page'
