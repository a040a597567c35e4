// The PostgreSQL adapters' two habits (db/engine-store-pg.ts, db/provider-ledger-pg.ts, db/sql/pg-db.ts): a
// step that meets a serialization failure or a deadlock (40001, 40P01) was rolled back whole
// and simply runs again; and a transaction begins and ends inside one call, on one pooled
// connection, at READ COMMITTED.
import type pg from 'pg'

export type Row = Record<string, unknown>

export interface Queryable {
  query(config: pg.QueryConfig): Promise<pg.QueryResult<Row>>
}

const RETRYABLE = new Set(['40001', '40P01'])
const MAX_ATTEMPTS = 8

export function isRetryable(error: unknown): boolean {
  return RETRYABLE.has((error as { code?: string } | null)?.code ?? '')
}

export async function retrying<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await step()
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isRetryable(error)) throw error
    }
  }
}

/** Returned by a transaction's body: roll back, and answer `value`. */
export class Rollback<T> {
  constructor(readonly value: T) {}
}

/** One transaction on one pooled connection, begun and committed (or rolled back) here; retried whole. */
export async function transaction<T, R = T>(
  pool: pg.Pool,
  body: (client: Queryable) => Promise<T | Rollback<R>>,
): Promise<T | R> {
  return retrying(async (): Promise<T | R> => {
    const client = await pool.connect()
    let broken: Error | undefined
    try {
      await client.query('BEGIN ISOLATION LEVEL READ COMMITTED')
      const result = await body(client)
      if (result instanceof Rollback) {
        await client.query('ROLLBACK')
        return result.value
      }
      await client.query('COMMIT')
      return result
    } catch (error) {
      try {
        await client.query('ROLLBACK')
      } catch (rollbackError) {
        broken = rollbackError as Error // the connection is gone: drop it from the pool
      }
      throw error
    } finally {
      client.release(broken)
    }
  })
}
