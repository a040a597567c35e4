// The async data layer on a better-sqlite3 connection: each statement prepared once per
// connection (by its text) and run synchronously; a transaction is BEGIN IMMEDIATE … COMMIT
// with the connection's gate held (gate.ts), so nothing else on the connection can slip into
// it between its awaits.
import type { Statement } from 'better-sqlite3'
import type { Sqlite } from '../open'
import { type Db, namedValues, type Params, type RunResult } from './db'
import { gateOf } from './gate'

/** better-sqlite3 binds no booleans: SQLite keeps them as 0/1. */
function bindable(value: unknown): unknown {
  return typeof value === 'boolean' ? Number(value) : value
}

function bind(params: Params): unknown[] {
  const named = namedValues(params)
  if (!named) return params.map(bindable)
  const bound: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(named)) bound[name] = bindable(value)
  return [bound]
}

const layers = new WeakMap<Sqlite, Db>()

/** The connection's one Db (its statements and its gate shared by every caller). */
export function sqliteDb(sqlite: Sqlite): Db {
  let db = layers.get(sqlite)
  if (!db) {
    db = createSqliteDb(sqlite)
    layers.set(sqlite, db)
  }
  return db
}

function createSqliteDb(sqlite: Sqlite): Db {
  const statements = new Map<string, Statement>()
  const gate = gateOf(sqlite)
  const arrays = new Map<string, Statement>()
  const prepared = (sql: string, cache = statements): Statement => {
    let statement = cache.get(sql)
    if (!statement) {
      statement = sqlite.prepare(sql)
      if (cache === arrays) statement.raw(true)
      cache.set(sql, statement)
    }
    return statement
  }
  const now = <T>(step: () => T): Promise<T> => {
    try {
      return Promise.resolve(gate.run(step))
    } catch (error) {
      return Promise.reject(error)
    }
  }
  const db: Db = {
    dialect: 'sqlite',
    all: <Row>(sql: string, ...params: Params) => now(() => prepared(sql).all(...bind(params)) as Row[]),
    get: <Row>(sql: string, ...params: Params) =>
      now(() => prepared(sql).get(...bind(params)) as Row | undefined),
    values: <Row extends unknown[]>(sql: string, ...params: Params) =>
      now(() => prepared(sql, arrays).all(...bind(params)) as Row[]),
    run: (sql: string, ...params: Params) =>
      now((): RunResult => ({ changes: prepared(sql).run(...bind(params)).changes })),
    transaction: <T>(body: (tx: Db) => Promise<T>) =>
      gate.hold(async () => {
        // Already inside one (a use case calling another): one transaction, as better-sqlite3 nests.
        if (sqlite.inTransaction) return body(db)
        sqlite.exec('BEGIN IMMEDIATE')
        try {
          const result = await body(db)
          sqlite.exec('COMMIT')
          return result
        } catch (error) {
          if (sqlite.inTransaction) sqlite.exec('ROLLBACK')
          throw error
        }
      }),
  }
  return db
}
