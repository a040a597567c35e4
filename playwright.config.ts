import { defineConfig, devices, type TraceMode } from '@playwright/test'
import { baseLaunchOptions } from './e2e/browser'
import {
  DATABASE_SPECS,
  DB_FREE_SPECS_ON_POSTGRES_SERVER,
  NO_DB_TAG,
  POSTGRES_ONLY_SPECS,
  POSTGRES_PROJECT,
  SQLITE_PROJECT,
  WALKTHROUGH_TAG,
} from './e2e/postgres-names'

// Two projects: `sqlite` runs every spec against a server on PORT; `postgres` runs the specs whose
// behaviour depends on the database (DATABASE_SPECS and POSTGRES_ONLY_SPECS in e2e/postgres-names.ts:
// a new spec that stores or reads data adds its file name there) against one on PORT + 1 whose
// DRILL_DATABASE_URL / DRILL_PROVIDER_DATABASE_URL name fresh databases in a throwaway cluster the
// run starts (e2e/postgres-web-server.ts). One build serves both.
const port = Number(process.env.PORT ?? 3100)
const postgresPort = port + 1
const baseURL = `http://127.0.0.1:${port}`
const postgresBaseURL = `http://127.0.0.1:${postgresPort}`
// Each run gets its own database files, so e2e never touches a developer's data.
const e2eDb = process.env.DRILL_E2E_DB ?? `data/e2e-${port}.db`
// The postgres server's SQLite files: whatever has not moved to PostgreSQL yet stays apart.
const postgresE2eDb = `data/e2e-${postgresPort}.db`
const providerOf = (db: string) => db.replace(/\.db$/, '-provider.db')
const removeFiles = (db: string) =>
  `rm -f ${[db, providerOf(db)].flatMap((f) => [f, `${f}-wal`, `${f}-shm`]).join(' ')}`

/**
 * The projects named by `--project` (exact names only; anything else, or none, means both),
 * so `npx playwright test --project=sqlite e2e/x.spec.ts` starts only the server it needs.
 */
function selectedProjects(argv = process.argv): Set<string> {
  const all = new Set([SQLITE_PROJECT, POSTGRES_PROJECT])
  const named: string[] = []
  argv.forEach((arg, i) => {
    if (arg.startsWith('--project=')) named.push(arg.slice('--project='.length))
    else if (arg === '--project')
      for (const next of argv.slice(i + 1)) {
        if (next.startsWith('-')) break
        named.push(next)
      }
  })
  const chosen = new Set(named.filter((name) => all.has(name)))
  return named.length > 0 && chosen.size === named.length ? chosen : all
}
const projects = selectedProjects()

// Both servers: the production build served by our own server (scripts/server.ts: client address
// from the socket), test clock on, short sweeps and leases.
const serverEnv = {
  DRILL_TEST_CLOCK: '1',
  DRILL_SWEEP_MS: '1000',
  DRILL_LEASE_MS: '5000',
  NEXT_TELEMETRY_DISABLED: '1',
  HOSTNAME: '127.0.0.1',
}
// `npm test` builds while the unit tests run and then says so (DRILL_E2E_BUILT=1, scripts/test.ts).
const build = process.env.DRILL_E2E_BUILT === '1' ? 'true' : 'npm run build'

export default defineConfig({
  testDir: './e2e',
  // Per port, so side-by-side runs never delete each other's artifacts.
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  // One worker per project (each project's `workers: 1`): the two projects run side by side, each
  // spec file alone on its project's server, as the single-worker suite always ran.
  workers: 2,
  forbidOnly: !!process.env.CI,
  // One more try on CI, where a run is judged once on a machine of its own: a test that fails twice is
  // a failure; one that passes the second time is listed as flaky, to be fixed, not ignored.
  retries: process.env.CI ? 1 : 0,
  maxFailures: 1,
  timeout: 60_000,
  expect: { timeout: 10_000, toHaveScreenshot: { maxDiffPixelRatio: 0.02 } },
  reporter: [['list']],
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  use: {
    // On CI a failed test is tried again with a trace recorded (`on-first-retry`): recording every
    // test's trace, to keep only the failures', cost CPU on each action of each test (DRILL_E2E_TRACE
    // overrides, e.g. `retain-on-failure`, the default outside CI).
    trace: (process.env.DRILL_E2E_TRACE ??
      (process.env.CI ? 'on-first-retry' : 'retain-on-failure')) as TraceMode,
    ...devices['Desktop Chrome'],
    launchOptions: baseLaunchOptions,
  },
  projects: [
    {
      name: SQLITE_PROJECT,
      workers: 1,
      use: { baseURL },
      // Two servers on one PostgreSQL: meaningful only there (it starts its own cluster); and the
      // database-free specs the postgres server takes so that both workers finish together.
      testIgnore: [...POSTGRES_ONLY_SPECS, ...DB_FREE_SPECS_ON_POSTGRES_SERVER],
    },
    {
      name: POSTGRES_PROJECT,
      workers: 1,
      use: { baseURL: postgresBaseURL },
      // Only the specs whose behaviour depends on the database (pages, headers, the sandbox's own
      // in-memory simulator, the recorder: once, on `sqlite`, is enough).
      testMatch: [...DATABASE_SPECS, ...POSTGRES_ONLY_SPECS, ...DB_FREE_SPECS_ON_POSTGRES_SERVER],
      // …and of those, not the tests tagged as independent of it (NO_DB_TAG: layout, axe, the drill
      // pages' in-browser simulator) nor the walkthroughs whose PostgreSQL path Vitest asserts
      // (WALKTHROUGH_TAG), which `sqlite` runs.
      grepInvert: new RegExp(`${NO_DB_TAG}|${WALKTHROUGH_TAG}`),
    },
  ],
  // Started in order, each once it answers: the sqlite server's command makes the build the
  // postgres server then serves.
  webServer: [
    ...(projects.has(SQLITE_PROJECT)
      ? [
          {
            name: SQLITE_PROJECT,
            command: `${removeFiles(e2eDb)} && ${build} && npx tsx db/migrate.ts && node --import tsx scripts/server.ts`,
            url: `${baseURL}/api/health`,
            reuseExistingServer: false,
            timeout: 300_000,
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
            env: { ...serverEnv, DRILL_DB: e2eDb, DRILL_PROVIDER_DB: providerOf(e2eDb), PORT: String(port) },
          },
        ]
      : []),
    ...(projects.has(POSTGRES_PROJECT)
      ? [
          {
            name: POSTGRES_PROJECT,
            command: [
              removeFiles(postgresE2eDb),
              ...(projects.has(SQLITE_PROJECT) ? [] : [build]),
              'npx tsx db/migrate.ts',
              'node --import tsx e2e/postgres-web-server.ts',
            ].join(' && '),
            // Not `url`: ready means this line, which also hands the cluster's URL to the workers.
            wait: { stdout: /> e2e PostgreSQL cluster (?<drill_test_pg_url>postgres:\/\/\S+) serving/ },
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
            reuseExistingServer: false,
            timeout: 300_000,
            stdout: 'pipe' as const,
            stderr: 'pipe' as const,
            env: {
              ...serverEnv,
              DRILL_DB: postgresE2eDb,
              DRILL_PROVIDER_DB: providerOf(postgresE2eDb),
              PORT: String(postgresPort),
            },
          },
        ]
      : []),
  ],
})
