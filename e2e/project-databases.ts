// Which database a spec runs on: the Playwright project says (playwright.config.ts).
// On `postgres`, a spec's own server (next-server.ts) gets a fresh pair of migrated
// PostgreSQL databases in the run's cluster (started by e2e/postgres-web-server.ts, its
// maintenance URL in DRILL_TEST_PG_URL), so crash recovery, limits and hosting run on
// PostgreSQL too. On `sqlite` nothing is added: the spec's DRILL_DB files are the database.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { test } from '@playwright/test'
import { createTestDatabase } from '../tests/pg/database'
import { POSTGRES_PROJECT, SHARED_APP_DATABASE } from './postgres-names'

export function onPostgres(): boolean {
  return test.info().project.name === POSTGRES_PROJECT
}

/**
 * `env` plus, on the postgres project, DRILL_DATABASE_URL and DRILL_PROVIDER_DATABASE_URL naming
 * two new databases, migrated as `npm start` migrates them (scripts/server.ts does not). Call it
 * once per server's lifetime: a restarted server must get the same env back.
 */
export async function withProjectDatabases(env: Record<string, string>): Promise<Record<string, string>> {
  if (!onPostgres()) return env
  const [app, provider] = await Promise.all([createTestDatabase('e2e'), createTestDatabase('e2e_provider')])
  const withUrls = { ...env, DRILL_DATABASE_URL: app.url, DRILL_PROVIDER_DATABASE_URL: provider.url }
  const migrate = spawnSync(process.execPath, ['--import', 'tsx', path.join('db', 'migrate-pg.ts')], {
    env: { ...process.env, ...withUrls },
    encoding: 'utf8',
  })
  if (migrate.status !== 0)
    throw new Error(`db/migrate-pg.ts failed (exit ${migrate.status ?? migrate.signal}): ${migrate.stderr}`)
  return withUrls
}

/** The study database of the project's shared server: its PostgreSQL URL, or undefined on sqlite. */
export function sharedServerDatabaseUrl(): string | undefined {
  if (!onPostgres()) return undefined
  const cluster = process.env.DRILL_TEST_PG_URL
  if (!cluster)
    throw new Error('DRILL_TEST_PG_URL is not set: e2e/postgres-web-server.ts prints it once serving')
  const url = new URL(cluster)
  url.pathname = `/${SHARED_APP_DATABASE}`
  return url.toString()
}
