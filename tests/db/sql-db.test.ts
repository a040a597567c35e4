// The one data layer on both databases: the same SQL text gives the same rows, and a
// transaction is whole (committed together, rolled back together, nothing from outside
// slipping into it between its awaits).
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectionConfig } from '@/db/pg'
import type { Db } from '@/db/sql/db'
import { type Gate, gateOf } from '@/db/sql/gate'
import { pgDb } from '@/db/sql/pg-db'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { createTestDatabase, type TestDatabase } from '@/tests/pg/database'

const DDL = [
  'CREATE TABLE items (id BIGINT PRIMARY KEY, learner_id TEXT NOT NULL, done BOOLEAN NOT NULL, ratio DOUBLE PRECISION NOT NULL)',
]

let database: TestDatabase
let pool: pg.Pool

beforeAll(async () => {
  database = await createTestDatabase('sql_layer')
  pool = new pg.Pool(connectionConfig(database.url))
  for (const ddl of DDL) await pool.query(ddl)
}, 60_000)

afterAll(async () => {
  await pool?.end()
  await database?.drop()
})

function sqliteLayer(): Db {
  const sqlite = new Database(':memory:')
  for (const ddl of DDL) sqlite.exec(ddl)
  return sqliteDb(sqlite)
}

const layers: [string, () => Promise<Db>][] = [
  ['SQLite', async () => sqliteLayer()],
  [
    'PostgreSQL',
    async () => {
      await pool.query('DELETE FROM items')
      return pgDb(pool)
    },
  ],
]

describe.each(layers)('the data layer on %s', (_name, open) => {
  it('writes with named and positional parameters and reads rows as SQLite gives them', async () => {
    const db = await open()
    await db.run('INSERT INTO items (id, learner_id, done, ratio) VALUES (@id, @learnerId, @done, @ratio)', {
      id: 1,
      learnerId: 'a',
      done: true,
      ratio: 0.25,
    })
    await db.run('INSERT INTO items (id, learner_id, done, ratio) VALUES (?, ?, ?, ?)', 2, 'a', false, 1.5)
    const rows = await db.all<{ id: number; learnerId: string; done: number; ratio: number }>(
      'SELECT id, learner_id AS learnerId, done, ratio FROM items ORDER BY id',
    )
    expect(rows).toEqual([
      { id: 1, learnerId: 'a', done: 1, ratio: 0.25 },
      { id: 2, learnerId: 'a', done: 0, ratio: 1.5 },
    ])
    expect(await db.get('SELECT COUNT(*) AS total, SUM(id) AS idSum FROM items WHERE NOT done')).toEqual({
      total: 1,
      idSum: 2,
    })
    expect((await db.run('UPDATE items SET ratio = ratio * 2 WHERE learner_id = ?', 'a')).changes).toBe(2)
    expect(await db.get('SELECT id FROM items WHERE id = ?', 99)).toBeUndefined()
  })

  it('commits a transaction whole, and a throw inside it leaves nothing behind', async () => {
    const db = await open()
    await db.transaction(async (tx) => {
      await tx.run('INSERT INTO items VALUES (1, ?, ?, 0)', 'a', 0)
      await tx.run('INSERT INTO items VALUES (2, ?, ?, 0)', 'a', 0)
    })
    await expect(
      db.transaction(async (tx) => {
        await tx.run('INSERT INTO items VALUES (3, ?, ?, 0)', 'a', 0)
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    expect(await db.all('SELECT id FROM items ORDER BY id')).toEqual([{ id: 1 }, { id: 2 }])
  })

  it('runs calls made outside `tx` during a transaction inside it, not beside it', async () => {
    const db = await open()
    await db.transaction(async (tx) => {
      await tx.run('INSERT INTO items VALUES (1, ?, ?, 0)', 'a', 0)
      // The outer handle, as a use case calling another would: it sees the transaction's row.
      expect(await db.get('SELECT id FROM items WHERE id = 1')).toEqual({ id: 1 })
    })
  })

  it('serializes transactions on one key: 20 concurrent read-then-write increments lose none', async () => {
    const db = await open()
    await db.run('INSERT INTO items VALUES (1, ?, ?, 0)', 'a', 0)
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction(
          async (tx) => {
            const row = await tx.get<{ ratio: number }>('SELECT ratio FROM items WHERE id = 1')
            await new Promise((resolve) => setTimeout(resolve, 1))
            await tx.run('UPDATE items SET ratio = ? WHERE id = 1', (row?.ratio ?? 0) + 1)
          },
          { lockKey: 'a' },
        ),
      ),
    )
    expect(await db.get('SELECT ratio FROM items WHERE id = 1')).toEqual({ ratio: 20 })
  })
})

/**
 * Another request's synchronous write through `gate` (the live engine's store does this), arriving
 * while a transaction is between two of its statements and then rolls back: the write must wait
 * for the rollback instead of joining the transaction and vanishing with it.
 */
async function writeBesideARollback(sqlite: Database.Database, gate: Gate): Promise<void> {
  const db = sqliteDb(sqlite)
  const outside = new Promise((resolve) =>
    setTimeout(
      () => resolve(gate.run(() => sqlite.prepare('INSERT INTO items VALUES (2, ?, 0, 0)').run('b').changes)),
      2,
    ),
  )
  await expect(
    db.transaction(async (tx) => {
      await tx.run('INSERT INTO items VALUES (1, ?, ?, 0)', 'a', 0)
      await new Promise((resolve) => setTimeout(resolve, 10))
      throw new Error('roll back')
    }),
  ).rejects.toThrow('roll back')
  expect(await outside).toBe(1)
  expect(sqlite.prepare('SELECT id FROM items ORDER BY id').all()).toEqual([{ id: 2 }])
}

function itemsDatabase(): Database.Database {
  const sqlite = new Database(':memory:')
  for (const ddl of DDL) sqlite.exec(ddl)
  return sqlite
}

describe('the SQLite gate', () => {
  it('holds other users of the connection until a transaction ends, then lets them through', async () => {
    const sqlite = itemsDatabase()
    await writeBesideARollback(sqlite, gateOf(sqlite))
  })

  it('is one gate per connection across copies of the module (the sweeps are bundled apart from the routes)', async () => {
    const sqlite = itemsDatabase()
    vi.resetModules()
    const { gateOf: otherGateOf } = await import('@/db/sql/gate')
    expect(otherGateOf(sqlite)).toBe(gateOf(sqlite))
    // The sweep's write through the other copy, while the transaction yields to the event loop.
    await writeBesideARollback(sqlite, otherGateOf(sqlite))
  })
})

describe('the PostgreSQL layer bundled twice', () => {
  it('gives two copies of the module on one pool no clashing statement names', async () => {
    // Next bundles db/ into more than one chunk per process; every copy shares the process's pool.
    vi.resetModules()
    const { pgDb: otherPgDb } = await import('@/db/sql/pg-db')
    // One connection, so both copies' statements meet on it.
    const single = new pg.Pool({ ...connectionConfig(database.url), max: 1 })
    const first = pgDb(single)
    const second = otherPgDb(single)
    expect(second).not.toBe(first)
    await single.query('DELETE FROM items')
    // Different texts, first used in a different order by each copy, on the same pooled connections.
    for (let i = 0; i < 5; i++) {
      await first.run('INSERT INTO items VALUES (?, ?, ?, 0)', i * 2 + 1, 'a', 0)
      expect(await second.get('SELECT count(*) AS n FROM items WHERE learner_id = ?', 'a')).toEqual({
        n: i + 1,
      })
      await second.run('INSERT INTO items VALUES (?, ?, ?, 1)', i * 2 + 2, 'b', 1)
      expect(await first.get('SELECT count(*) AS n FROM items WHERE done')).toEqual({ n: i + 1 })
    }
    await single.end()
  })
})
