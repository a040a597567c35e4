// The study side's one data layer: named queries (db/queries) run their SQL through a `Db`,
// on the app's SQLite file or on PostgreSQL shared by every instance (DRILL_DATABASE_URL).
// Every call is async, so the code above it is written once for both.
//
// The SQL is written once, in the SQLite dialect the queries always used: `?` or `@name`
// parameters, camelCase column aliases, `excluded.` upserts, `RETURNING`. The PostgreSQL
// adapter rewrites parameters and quotes aliases (translate.ts); the few functions the two
// dialects spell differently branch on `db.dialect`. Rows come back as SQLite gives them:
// booleans as 0/1, bigints and numerics as numbers.

export type Dialect = 'sqlite' | 'postgres'

/**
 * A statement's values, as better-sqlite3 takes them: positional ones (`?`) in order, or one
 * plain object of named ones (`@name`). JS booleans are stored as SQLite's 0/1 and PostgreSQL's
 * booleans alike.
 */
export type Params = readonly unknown[]

/** One plain object of named values (not a Buffer, an array or null). */
export function namedValues(params: Params): Readonly<Record<string, unknown>> | null {
  const [only] = params
  return params.length === 1 &&
    typeof only === 'object' &&
    only !== null &&
    !Array.isArray(only) &&
    !ArrayBuffer.isView(only)
    ? (only as Record<string, unknown>)
    : null
}

export interface RunResult {
  /** Rows the statement inserted, updated or deleted. */
  changes: number
}

export interface TransactionOptions {
  /**
   * Serialize with every other transaction holding the same key (PostgreSQL: an advisory lock
   * for the transaction; SQLite: every write transaction is serialized anyway). The study
   * side passes the learner id, so one learner's grades, undos and imports run one at a time
   * across every instance.
   */
  lockKey?: string
}

export interface Db {
  readonly dialect: Dialect
  all<Row>(sql: string, ...params: Params): Promise<Row[]>
  get<Row>(sql: string, ...params: Params): Promise<Row | undefined>
  /** Rows as arrays of column values (half the cost of named rows for thousands of them). */
  values<Row extends unknown[]>(sql: string, ...params: Params): Promise<Row[]>
  run(sql: string, ...params: Params): Promise<RunResult>
  /**
   * `body` inside one transaction, committed when it resolves, rolled back when it throws.
   * On PostgreSQL a serialization failure or deadlock runs `body` again, so it must do
   * nothing but database work through `tx`. Called on a `tx`, it simply runs `body` in it.
   */
  transaction<T>(body: (tx: Db) => Promise<T>, options?: TransactionOptions): Promise<T>
}
