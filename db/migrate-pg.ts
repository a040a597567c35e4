// Migrations on PostgreSQL, safe when N instances boot together: each run takes a
// session-level advisory lock on one connection, applies the committed migrations with
// drizzle's node-postgres migrator (which takes no lock of its own: two unlocked runs
// on an empty database race on CREATE SCHEMA and apply the same migration twice),
// seeds, and lets go. The instance that waited then finds every migration recorded.
//
// - DRILL_DATABASE_URL: db/migrations-pg (db/schema-pg.ts), then the demo accounts
//   (db/seed-pg.ts; DRILL_DEMO_ACCOUNTS=0 removes them).
// - DRILL_PROVIDER_DATABASE_URL: db/migrations-provider-pg (db/schema-provider-pg.ts),
//   the simulated provider's ledger, in its own database and its own migrations table.
//
// `npx tsx db/migrate-pg.ts` runs both (whichever is set); `npm run migrate` and
// `npm start` call migratePostgresFromEnv when they are set.
import path from 'node:path'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type pg from 'pg'
import { connectPostgres, describePostgresHost, PostgresSetupError, type PostgresUrlVariable } from './pg'
import { seedDemoAccountsPg } from './seed-pg'

/** Fixed advisory-lock keys ('DRILL' and 'DRILLP' in ASCII), one per kind of database. */
export const MIGRATION_LOCK_KEY = '293438311500'
export const PROVIDER_MIGRATION_LOCK_KEY = '75120207744080'

export const pgMigrationsFolder = path.join(process.cwd(), 'db', 'migrations-pg')
export const providerPgMigrationsFolder = path.join(process.cwd(), 'db', 'migrations-provider-pg')

/** Where drizzle records what it applied (schema `drizzle`); the provider's has its own name. */
export const MIGRATIONS_TABLE = '__drizzle_migrations'
export const PROVIDER_MIGRATIONS_TABLE = '__drizzle_provider_migrations'

interface MigrationTarget {
  url: string
  variable: PostgresUrlVariable
  lockKey: string
  migrationsFolder: string
  migrationsTable: string
  /** Runs on the same connection, still under the lock (the seed). */
  afterMigrate?: (client: pg.Client) => Promise<void>
}

async function migrateUnderLock(target: MigrationTarget): Promise<void> {
  const client = await connectPostgres(target.url, target.variable)
  try {
    await client.query('SELECT pg_advisory_lock($1::bigint)', [target.lockKey])
    try {
      await migrate(drizzle(client), {
        migrationsFolder: target.migrationsFolder,
        migrationsTable: target.migrationsTable,
      })
      await target.afterMigrate?.(client)
    } finally {
      await client.query('SELECT pg_advisory_unlock($1::bigint)', [target.lockKey]).catch(() => {})
    }
  } catch (error) {
    if (error instanceof PostgresSetupError) throw error
    const reason = error instanceof Error ? error.message : String(error)
    throw new PostgresSetupError(
      `Cannot migrate PostgreSQL at ${describePostgresHost(target.url)} (${target.variable}): ${reason}`,
    )
  } finally {
    await client.end().catch(() => {})
  }
}

export interface MigratePostgresOptions {
  nowMs?: number
  /** Seed the demo accounts (default: DRILL_DEMO_ACCOUNTS is not '0'). */
  demoAccounts?: boolean
  variable?: PostgresUrlVariable
}

/** The app's tables and the demo accounts; idempotent, safe to run from every instance at once. */
export async function migratePostgres(url: string, options: MigratePostgresOptions = {}): Promise<void> {
  await migrateUnderLock({
    url,
    variable: options.variable ?? 'DRILL_DATABASE_URL',
    lockKey: MIGRATION_LOCK_KEY,
    migrationsFolder: pgMigrationsFolder,
    migrationsTable: MIGRATIONS_TABLE,
    afterMigrate: (client) => seedDemoAccountsPg(client, options.nowMs ?? Date.now(), options.demoAccounts),
  })
}

/** The simulated provider's ledger tables; idempotent and locked like the app's. */
export async function migrateProviderPostgres(
  url: string,
  variable: PostgresUrlVariable = 'DRILL_PROVIDER_DATABASE_URL',
): Promise<void> {
  await migrateUnderLock({
    url,
    variable,
    lockKey: PROVIDER_MIGRATION_LOCK_KEY,
    migrationsFolder: providerPgMigrationsFolder,
    migrationsTable: PROVIDER_MIGRATIONS_TABLE,
  })
}

/** Migrates whichever PostgreSQL databases the environment names; returns one line per database. */
export async function migratePostgresFromEnv(
  env: Record<string, string | undefined> = process.env,
): Promise<string[]> {
  const ready: string[] = []
  const url = env.DRILL_DATABASE_URL?.trim()
  if (url) {
    await migratePostgres(url)
    ready.push(`PostgreSQL ready at ${describePostgresHost(url)} (DRILL_DATABASE_URL)`)
  }
  const providerUrl = env.DRILL_PROVIDER_DATABASE_URL?.trim()
  if (providerUrl) {
    await migrateProviderPostgres(providerUrl)
    ready.push(`PostgreSQL ready at ${describePostgresHost(providerUrl)} (DRILL_PROVIDER_DATABASE_URL)`)
  }
  return ready
}

/** For a CLI: migrate, print the ready lines, or print the one-line reason and exit 1. */
export async function migratePostgresFromEnvOrExit(): Promise<void> {
  try {
    for (const line of await migratePostgresFromEnv()) console.log(line)
  } catch (error) {
    if (!(error instanceof PostgresSetupError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}

const invokedDirectly = process.argv[1]?.replace(/\\/g, '/').endsWith('db/migrate-pg.ts')
if (invokedDirectly) void migratePostgresFromEnvOrExit()
