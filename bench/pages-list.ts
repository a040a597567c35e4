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
  '/check',
] as const

/** Any path Next answers with its own 404 page: the floor every page is compared with. */
export const NOT_FOUND_PAGE = '/no-such-page'
