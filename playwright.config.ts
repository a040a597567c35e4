import { defineConfig, devices } from '@playwright/test'
import { baseLaunchOptions } from './e2e/browser'

const port = Number(process.env.PORT ?? 3100)
const baseURL = `http://127.0.0.1:${port}`
// Each run gets its own database file, so e2e never touches a developer's data.
const e2eDb = process.env.DRILL_E2E_DB ?? `data/e2e-${port}.db`
const providerDb = e2eDb.replace(/\.db$/, '-provider.db')

export default defineConfig({
  testDir: './e2e',
  // Per port, so side-by-side runs never delete each other's artifacts.
  outputDir: `test-results/${port}`,
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: 0,
  maxFailures: 1,
  timeout: 60_000,
  expect: { timeout: 10_000, toHaveScreenshot: { maxDiffPixelRatio: 0.02 } },
  reporter: process.env.CI ? [['list']] : [['list']],
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: baseLaunchOptions,
  },
  webServer: {
    // The production build, migrated, on its own database file, served by our own server
    // (scripts/server.ts: client address from the socket); test clock enabled.
    command: `rm -f ${e2eDb} ${e2eDb}-wal ${e2eDb}-shm ${providerDb} ${providerDb}-wal ${providerDb}-shm && npm run build && npx tsx db/migrate.ts && node --import tsx scripts/server.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 300_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      DRILL_DB: e2eDb,
      DRILL_PROVIDER_DB: providerDb,
      DRILL_TEST_CLOCK: '1',
      DRILL_SWEEP_MS: '1000',
      DRILL_LEASE_MS: '5000',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
    },
  },
})
