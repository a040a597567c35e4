// Names shared by the config, the postgres project's web server and the specs (no imports,
// so the web server script loads nothing of Playwright's).

/** The Playwright project whose servers run on PostgreSQL (the other one is `sqlite`). */
export const POSTGRES_PROJECT = 'postgres'
export const SQLITE_PROJECT = 'sqlite'

/**
 * The specs whose behaviour depends on the database: they run in both projects. Every other
 * spec runs on `sqlite` only. A spec belongs here when what it asserts is stored or read through
 * the data layer (the payments API's engine, ledger, accounts and limits; the review loop's
 * logs and states; plan, stats, own cards, Anki, import/export, devices, offline grades' keys).
 * A spec of pages, headers, the browser-only sandbox or the recorder does not. New spec: add a
 * line here if it stores or reads through the data layer, else nothing (e2e/README.md).
 */
export const DATABASE_SPECS = [
  'anki.spec.ts',
  'anki-progress.spec.ts',
  'api.spec.ts',
  'api-console.spec.ts',
  'api-crash.spec.ts',
  'api-recovery.spec.ts',
  'drills.spec.ts',
  'hosting.spec.ts',
  'link.spec.ts',
  'locks-api.spec.ts',
  'mock.spec.ts',
  'offline.spec.ts',
  'own-cards.spec.ts',
  'plan.spec.ts',
  'review.spec.ts',
  'review-first-card.spec.ts',
  'stats.spec.ts',
  'teach-grader.spec.ts',
]

/**
 * A test in one of the DATABASE_SPECS whose behaviour does not depend on the database carries this
 * tag (`test('…', { tag: NO_DB_TAG }, …)`): a page's layout, motion or axe audit, the in-browser drill
 * simulator, the service worker's pages, a file refused before anything is read or stored. It runs on
 * `sqlite` only (the postgres project's `grepInvert`); the rest of its file still runs on both.
 */
export const NO_DB_TAG = '@no-db'

/**
 * A walkthrough in one of the DATABASE_SPECS (a browser's, or an HTTP client's through a crash and a
 * restart) whose reads and writes on PostgreSQL a Vitest file asserts (named by `walkthrough(file)` in
 * the test's `postgres` annotation; a crash's also multi-instance.spec.ts 3): it runs on `sqlite` only, as
 * NO_DB_TAG's tests do, so the postgres project spends its minutes on what PostgreSQL changes — the API,
 * two instances, sync, imports as HTTP sees them — and `npm test` stays within its 12 minutes.
 */
export const WALKTHROUGH_TAG = '@walkthrough'

/** A walkthrough test's details: its tag, and the Vitest file holding its data path on PostgreSQL. */
export function walkthrough(postgresTest: string) {
  return { tag: WALKTHROUGH_TAG, annotation: { type: 'postgres', description: postgresTest } }
}

/**
 * Specs independent of the database that run once, on the postgres project's server rather than the
 * sqlite one: any server draws the same pages, and with these there the two workers finish together
 * (the sqlite list had grown to twice the postgres one; a run lasts as long as its longer list).
 * Pick by `npm test`'s per-test seconds; none may carry NO_DB_TAG (postgres leaves those out).
 */
export const DB_FREE_SPECS_ON_POSTGRES_SERVER = [
  'api-docs.spec.ts',
  'cards-list.spec.ts',
  'check.spec.ts',
  'decks.spec.ts',
  'foundation.spec.ts',
  'grading.spec.ts',
  'hands-free.spec.ts',
  'hands-free-denied.spec.ts',
  'layout-shift.spec.ts',
  'lease-sandbox.spec.ts',
  'no-lost-input.spec.ts',
  'recordings.spec.ts',
  'recordings-denied.spec.ts',
  'sandbox.spec.ts',
  'sandbox-recovery.spec.ts',
  'security-headers.spec.ts',
]

/** Specs meaningful on PostgreSQL only (two servers on one database): never on `sqlite`. */
export const POSTGRES_ONLY_SPECS = ['multi-instance.spec.ts']

/** The databases of the postgres project's shared web server, in the run's cluster. */
export const SHARED_APP_DATABASE = 'drill_e2e'
export const SHARED_PROVIDER_DATABASE = 'drill_e2e_provider'
