// Goal: the two dialects' committed migrations build the same schema — tables, columns,
// compatible types (ids, times and money as bigint), NOT NULL and defaults, primary,
// unique and foreign keys, and every index with its predicate — for the app's database
// (db/migrations vs db/migrations-pg) and the provider's ledger (the engine's
// PROVIDER_SCHEMA vs db/migrations-provider-pg).
import { is } from 'drizzle-orm'
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { migratePostgres, migrateProviderPostgres } from '@/db/migrate-pg'
import { migrateSqlite, openSqlite } from '@/db/open'
import * as sqliteSchema from '@/db/schema'
import { freshProviderDatabase } from '@/lib/engine'
import { createTestDatabase, type TestDatabase } from './database'
import { pgShape, type SchemaShape, sqliteShape } from './introspect'
import { schemaDifferences } from './parity'

const booleanColumns = new Set(
  (Object.values(sqliteSchema) as unknown[])
    .filter((table): table is SQLiteTable => is(table, SQLiteTable))
    .flatMap((table) => {
      const config = getTableConfig(table)
      return config.columns.filter((c) => c.dataType === 'boolean').map((c) => `${config.name}.${c.name}`)
    }),
)

const POSTGRES_ONLY = new Set(['rate_limit_buckets'])

async function shapeOf(url: string): Promise<SchemaShape> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await pgShape(client)
  } finally {
    await client.end()
  }
}

function appSqliteShape(): SchemaShape {
  const sqlite = openSqlite(':memory:')
  migrateSqlite(sqlite)
  const shape = sqliteShape(sqlite)
  sqlite.close()
  return shape
}

function providerSqliteShape(): SchemaShape {
  const sqlite = freshProviderDatabase()
  const shape = sqliteShape(sqlite)
  sqlite.close()
  return shape
}

describe('the PostgreSQL schema mirrors the SQLite one', () => {
  let app: TestDatabase
  let provider: TestDatabase
  let appPg: SchemaShape
  let providerPg: SchemaShape

  beforeAll(async () => {
    ;[app, provider] = await Promise.all([
      createTestDatabase('parity_app'),
      createTestDatabase('parity_provider'),
    ])
    await Promise.all([
      migratePostgres(app.url, { demoAccounts: false }),
      migrateProviderPostgres(provider.url),
    ])
    ;[appPg, providerPg] = await Promise.all([shapeOf(app.url), shapeOf(provider.url)])
  })
  afterAll(async () => {
    await Promise.all([app?.drop(), provider?.drop()])
  })

  test('the app database: db/migrations and db/migrations-pg agree', () => {
    const sqlite = appSqliteShape()
    // Not two empty schemas agreeing: every table, and the sweeps' partial indexes, are there.
    expect(Object.keys(sqlite)).toHaveLength(19)
    expect(sqlite.idempotency_keys?.indexes.filter((i) => i.where)).toHaveLength(4)
    expect(booleanColumns).toEqual(
      new Set([
        'learner_settings.same_day_steps',
        'own_cards.suspended',
        'own_cards.seen',
        'anki_card_links.only_card_of_note',
      ]),
    )
    // The shared rate-limit buckets: with SQLite one process runs and keeps them in memory.
    expect(Object.keys(appPg).filter((name) => !sqlite[name])).toEqual(['rate_limit_buckets'])
    expect(schemaDifferences(sqlite, appPg, { booleanColumns, postgresOnly: POSTGRES_ONLY })).toEqual([])
  })

  test("the provider's ledger: the engine's PROVIDER_SCHEMA and db/migrations-provider-pg agree", () => {
    const sqlite = providerSqliteShape()
    expect(Object.keys(sqlite).sort()).toEqual(['ledger', 'provider_keys'])
    expect(schemaDifferences(sqlite, providerPg)).toEqual([])
  })

  test('a column dropped, narrowed or re-typed, or a predicate changed, is a difference', () => {
    const sqlite = appSqliteShape()
    const broken = structuredClone(appPg)
    delete broken.review_logs!.columns.snapshot
    broken.idempotency_keys!.columns.lease_until_ms!.type = 'integer'
    broken.card_states!.columns.stability!.type = 'real'
    broken.idempotency_keys!.indexes.find((i) => i.name === 'idempotency_keys_pending')!.where =
      "status = 'in_progress'"
    broken.learner_settings!.columns.timezone!.default = "'Europe/Berlin'"
    expect(schemaDifferences(sqlite, broken, { booleanColumns, postgresOnly: POSTGRES_ONLY })).toEqual([
      'card_states.stability: SQLite real became PostgreSQL real (expected double precision)',
      'idempotency_keys.lease_until_ms: holds ids, times or money, so PostgreSQL needs bigint, not integer',
      "idempotency_keys: index idempotency_keys_pending is (created_at_ms) where status = 'pending_unknown' in SQLite, (created_at_ms) where status = 'in_progress' in PostgreSQL",
      "learner_settings.timezone: default 'UTC' in SQLite, 'Europe/Berlin' in PostgreSQL",
      'review_logs.snapshot: missing in PostgreSQL',
    ])
  })
})
