// Goal: migrations on PostgreSQL are safe when instances boot together (an advisory lock
// around drizzle's migrator: every run succeeds, each migration is recorded once), seed
// the demo accounts below the ids PostgreSQL assigns, and read bigint columns as numbers.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import {
  MIGRATIONS_TABLE,
  migratePostgres,
  migrateProviderPostgres,
  PROVIDER_MIGRATIONS_TABLE,
  pgMigrationsFolder,
  providerPgMigrationsFolder,
} from '@/db/migrate-pg'
import { closePgPools, connectFailureReason, describePostgresHost, pgPool } from '@/db/pg'
import { FIRST_ASSIGNED_ACCOUNT_ID } from '@/db/schema-pg'
import { demoAccounts, hashApiKey } from '@/db/seed'
import { createTestDatabase, type TestDatabase } from './database'

const databases: TestDatabase[] = []
async function freshDatabase(prefix: string): Promise<TestDatabase> {
  const database = await createTestDatabase(prefix)
  databases.push(database)
  return database
}
afterAll(async () => {
  await closePgPools()
  await Promise.all(databases.map((d) => d.drop()))
})

function journalTags(folder: string): string[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8'))
  return journal.entries.map((entry: { tag: string }) => entry.tag)
}

async function recordedMigrations(url: string, table: string): Promise<{ hash: string; n: number }[]> {
  const { rows } = await pgPool(url).query(
    `SELECT hash, count(*)::int AS n FROM drizzle."${table}" GROUP BY hash ORDER BY min(id)`,
  )
  return rows
}

describe('migrate-pg', () => {
  test('two runs started together on an empty database both succeed, and each migration is recorded once', async () => {
    const { url } = await freshDatabase('migrate_race')
    const runs = await Promise.allSettled([migratePostgres(url), migratePostgres(url)])
    expect(runs.map((run) => run.status)).toEqual(['fulfilled', 'fulfilled'])
    const recorded = await recordedMigrations(url, MIGRATIONS_TABLE)
    expect(recorded).toHaveLength(journalTags(pgMigrationsFolder).length)
    expect(recorded.every((m) => m.n === 1)).toBe(true)
    const { rows } = await pgPool(url).query('SELECT id FROM accounts ORDER BY id')
    expect(rows.map((r) => r.id)).toEqual(demoAccounts.map((a) => a.id))
  })

  test("the provider's ledger migrates the same way, into its own migrations table", async () => {
    const { url } = await freshDatabase('migrate_provider_race')
    await Promise.all([migrateProviderPostgres(url), migrateProviderPostgres(url)])
    const recorded = await recordedMigrations(url, PROVIDER_MIGRATIONS_TABLE)
    expect(recorded).toHaveLength(journalTags(providerPgMigrationsFolder).length)
    expect(recorded.every((m) => m.n === 1)).toBe(true)
    const { rows } = await pgPool(url).query('SELECT count(*)::int AS n FROM ledger')
    expect(rows[0].n).toBe(0)
  })

  test('migrating again changes nothing; a new account gets an id above the demo ones', async () => {
    const { url } = await freshDatabase('migrate_twice')
    await migratePostgres(url)
    await migratePostgres(url)
    const pool = pgPool(url)
    expect((await pool.query('SELECT count(*)::int AS n FROM accounts')).rows[0].n).toBe(2)
    const demo = await pool.query('SELECT id FROM accounts WHERE api_key_hash = $1', [
      hashApiKey('sk_test_17'),
    ])
    expect(demo.rows[0].id).toBe(17)
    const created = await pool.query(
      "INSERT INTO accounts (api_key_hash, label, created_at_ms) VALUES ('h', 'new', 0) RETURNING id",
    )
    expect(created.rows[0].id).toBe(FIRST_ASSIGNED_ACCOUNT_ID)
    expect(Math.max(...demoAccounts.map((a) => a.id))).toBeLessThan(FIRST_ASSIGNED_ACCOUNT_ID)
  })

  test('with the demo accounts turned off, migrating removes them', async () => {
    const { url } = await freshDatabase('migrate_no_demo')
    await migratePostgres(url)
    await migratePostgres(url, { demoAccounts: false })
    expect((await pgPool(url).query('SELECT count(*)::int AS n FROM accounts')).rows[0].n).toBe(0)
  })

  test('bigint columns read as JS numbers; one past 2^53 throws instead of rounding', async () => {
    const { url } = await freshDatabase('migrate_bigint')
    await migratePostgres(url, { demoAccounts: false })
    const pool = pgPool(url)
    const nowMs = 1_796_000_000_000
    await pool.query('INSERT INTO server_secrets (name, value, created_at_ms) VALUES ($1, $2, $3)', [
      's',
      'v',
      nowMs,
    ])
    const { rows } = await pool.query('SELECT created_at_ms FROM server_secrets')
    expect(rows[0].created_at_ms).toBe(nowMs)
    await expect(pool.query('SELECT 9007199254740993::bigint AS n')).rejects.toThrow(
      /does not fit a JS number/,
    )
  })
})

describe('naming a PostgreSQL in messages', () => {
  test('host and port as the driver reads the URL, never the password', () => {
    expect(describePostgresHost('postgres://drill:s3cret@db.example/drill')).toBe('db.example:5432')
    expect(describePostgresHost('postgres://drill@db.example:6543/drill')).toBe('db.example:6543')
  })

  test('a refused connection is said as the syscall and its code, also when Node tried several addresses', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
    })
    expect(connectFailureReason(refused)).toBe('connect ECONNREFUSED')
    expect(connectFailureReason(new AggregateError([refused], ''))).toBe('connect ECONNREFUSED')
    expect(connectFailureReason(new Error('password authentication failed for user "drill"'))).toBe(
      'password authentication failed for user "drill"',
    )
  })
})
