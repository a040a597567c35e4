// The study side's PostgreSQL tests run one body over both adapters, each time as two app
// instances on one database: on PostgreSQL two pools (their own connections and statements);
// on SQLite one in-memory file twice (one process has one connection). Each test file gets a
// database of its own (tests/pg/database.ts), migrated by the committed migrations, and every
// `open()` empties the study tables it names, so each test starts from nothing.
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { migratePostgres } from '@/db/migrate-pg'
import { connectionConfig } from '@/db/pg'
import type { Db } from '@/db/sql/db'
import { pgDb } from '@/db/sql/pg-db'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { addLearnerOn, freshDatabase } from '@/tests/review/fixtures'
import { createTestDatabase, type TestDatabase } from './database'

export interface Adapter {
  name: string
  /** Two instances' handles on one empty database. */
  open(): Promise<[Db, Db]>
}

/** Registers the file's database (created before its tests, dropped after) and answers the two adapters. */
export function twoInstanceAdapters({
  prefix,
  tables,
  connectionsPerPool = 4,
}: {
  /** Names the database (lowercase letters and _). */
  prefix: string
  /** The tables `open()` empties (TRUNCATE … CASCADE). */
  tables: readonly string[]
  connectionsPerPool?: number
}): Adapter[] {
  let database: TestDatabase
  const pools: pg.Pool[] = []
  beforeAll(async () => {
    database = await createTestDatabase(prefix)
    await migratePostgres(database.url, { demoAccounts: false })
  }, 60_000)
  afterAll(async () => {
    await Promise.all(pools.map((pool) => pool.end()))
    await database?.drop()
  })
  const instance = () => {
    const pool = new pg.Pool({ ...connectionConfig(database.url), max: connectionsPerPool })
    pools.push(pool)
    return pgDb(pool)
  }
  return [
    {
      name: 'SQLite',
      open: async () => {
        const db = sqliteDb(freshDatabase())
        return [db, db]
      },
    },
    {
      name: 'PostgreSQL',
      open: async () => {
        const [a, b] = [instance(), instance()]
        await a.run(`TRUNCATE ${tables.join(', ')} CASCADE`)
        return [a, b]
      },
    },
  ]
}

/** The two learners the two-instance tests write as. */
export const alice = '11111111-1111-4111-8111-111111111111'
export const bob = '22222222-2222-4222-8222-222222222222'

/** Two instances on an empty database with these learners stored (through the first): most tests' start. */
export async function openWithLearners(adapter: Adapter, learnerIds: readonly string[]): Promise<[Db, Db]> {
  const [a, b] = await adapter.open()
  for (const learnerId of learnerIds) await addLearnerOn(a, learnerId)
  return [a, b]
}
