// The async data layer on PostgreSQL (node-postgres): the queries' SQLite-dialect text made
// PostgreSQL's once per statement (translate.ts), rows read as SQLite gives them (booleans
// 0/1, numerics as numbers), and a transaction one pooled connection at READ COMMITTED, run
// again whole on a serialization failure or deadlock (40001, 40P01). A transaction's
// `lockKey` takes a transaction-scoped advisory lock first: one learner's writes queue across
// every instance, as they queue on SQLite's one writer.
import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash } from 'node:crypto'
import pg from 'pg'
import { transaction } from '../pg-transaction'
import { type Db, namedValues, type Params, type RunResult, type TransactionOptions } from './db'
import { type PgStatement, toPostgres } from './translate'

const BOOL_OID = 16
const NUMERIC_OID = 1700

/** The pool's parsers (int8 → number, db/pg.ts), with booleans and numerics read as SQLite gives them. */
function sqliteLikeTypes(pool: pg.Pool): pg.CustomTypesConfig {
  const base = (pool.options as pg.PoolConfig).types as pg.CustomTypesConfig | undefined
  const fallback = base?.getTypeParser ?? pg.types.getTypeParser
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (format !== 'binary' && oid === BOOL_OID) return (value: string) => (value === 't' ? 1 : 0)
      if (format !== 'binary' && oid === NUMERIC_OID) return (value: string) => Number(value)
      return (fallback as (oid: number, format?: string) => unknown)(oid, format)
    }) as pg.CustomTypesConfig['getTypeParser'],
  }
}

interface Client {
  query(config: pg.QueryConfig): Promise<pg.QueryResult>
}

const layers = new WeakMap<pg.Pool, Db>()

/** The pool's one Db. */
export function pgDb(pool: pg.Pool): Db {
  let db = layers.get(pool)
  if (!db) {
    db = createPgDb(pool)
    layers.set(pool, db)
  }
  return db
}

function createPgDb(pool: pg.Pool): Db {
  // Each text gets a name, so every pooled connection parses and plans it once (a prepared statement).
  // Named by a hash of the text: Next bundles this module more than once per process, and every copy
  // shares the process's pool, so a counter would give two texts one name.
  const statements = new Map<string, PgStatement & { name: string }>()
  const types = sqliteLikeTypes(pool)
  // Inside a transaction every call, through `tx` or not, runs on its connection: a call on the
  // pool would see none of its writes and could wait on its locks forever.
  const inTransaction = new AsyncLocalStorage<Client>()

  const query = (client: Client, sql: string, params: Params, arrays = false): Promise<pg.QueryResult> => {
    let statement = statements.get(sql)
    if (!statement) {
      statement = {
        ...toPostgres(sql),
        name: `drill_${createHash('sha256').update(sql).digest('hex').slice(0, 24)}`,
      }
      statements.set(sql, statement)
    }
    const named = statement.names && namedValues(params)
    const values = named
      ? (statement.names ?? []).map((name) => {
          const value = named[name]
          if (value === undefined) throw new Error(`no value for @${name} in: ${sql}`)
          return value
        })
      : params
    return client.query({
      name: statement.name,
      text: statement.text,
      values: values as unknown[],
      types,
      ...(arrays ? { rowMode: 'array' as const } : {}),
    })
  }

  const on = (client: Client): Db => ({
    dialect: 'postgres',
    all: async <Row>(sql: string, ...params: Params) => (await query(client, sql, params)).rows as Row[],
    get: async <Row>(sql: string, ...params: Params) =>
      (await query(client, sql, params)).rows[0] as Row | undefined,
    values: async <Row extends unknown[]>(sql: string, ...params: Params) =>
      (await query(client, sql, params, true)).rows as Row[],
    run: async (sql: string, ...params: Params): Promise<RunResult> => ({
      changes: (await query(client, sql, params)).rowCount ?? 0,
    }),
    transaction: (body) => body(on(client)),
  })

  const poolDb = on(pool)
  const current = (): Db => {
    const client = inTransaction.getStore()
    return client ? on(client) : poolDb
  }

  return {
    dialect: 'postgres',
    all: (sql, ...params) => current().all(sql, ...params),
    get: (sql, ...params) => current().get(sql, ...params),
    values: (sql, ...params) => current().values(sql, ...params),
    run: (sql, ...params) => current().run(sql, ...params),
    transaction<T>(body: (tx: Db) => Promise<T>, options?: TransactionOptions): Promise<T> {
      const open = inTransaction.getStore()
      if (open) return body(on(open))
      return transaction(pool, async (client) => {
        if (options?.lockKey !== undefined)
          await client.query({
            text: 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))',
            values: [options.lockKey],
          })
        return inTransaction.run(client, () => body(on(client)))
      })
    },
  }
}
