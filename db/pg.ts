// PostgreSQL connections (DRILL_DATABASE_URL, DRILL_PROVIDER_DATABASE_URL): one
// `pg.Pool` per URL per process, and the start-up check that turns an unreachable
// database into one line naming its host. No Next imports: the scripts use it too.
//
// `bigint` columns (ids, `*_ms`, money) arrive as JS numbers, as better-sqlite3 gives
// them: the schema reads them in mode 'number' (db/schema-pg.ts), and a value past
// 2^53 is a broken invariant, so it throws instead of silently rounding.
import pg from 'pg'

/** What a URL's variable is called, for messages: the URL itself may carry a password. */
export type PostgresUrlVariable = 'DRILL_DATABASE_URL' | 'DRILL_PROVIDER_DATABASE_URL' | (string & {})

/** A connection that fails before the first query: waiting forever would hang a start or a request. */
export const CONNECT_TIMEOUT_MS = 5_000

const INT8_OID = 20

function parseInt8(value: string): number {
  const parsed = Number(value)
  if (!Number.isSafeInteger(parsed)) throw new RangeError(`bigint ${value} does not fit a JS number`)
  return parsed
}

const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary'
      ? parseInt8
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
}

/** The settings every Drill connection shares (a pool's and a one-off client's). */
export function connectionConfig(url: string): pg.ClientConfig {
  return {
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'drill',
    types,
  }
}

const globalForPg = globalThis as unknown as { drillPgPools?: Map<string, pg.Pool> }

/** The process's pool for `url`, made on first use. */
export function pgPool(url: string): pg.Pool {
  globalForPg.drillPgPools ??= new Map()
  let pool = globalForPg.drillPgPools.get(url)
  if (!pool) {
    pool = new pg.Pool(connectionConfig(url))
    // An idle connection the server drops emits 'error' on the pool; unheard, it
    // would crash the process. The next query gets a fresh connection (or its error).
    pool.on('error', (error) => console.error(`[pg] idle connection lost: ${error.message}`))
    globalForPg.drillPgPools.set(url, pool)
  }
  return pool
}

/** Ends every pool this process opened (scripts and tests, before they exit). */
export async function closePgPools(): Promise<void> {
  const pools = [...(globalForPg.drillPgPools?.values() ?? [])]
  globalForPg.drillPgPools?.clear()
  await Promise.all(pools.map((pool) => pool.end()))
}

/** `host:port` as the driver reads the URL (a socket folder is a host starting with '/'). */
export function describePostgresHost(url: string): string {
  const client = new pg.Client(connectionConfig(url))
  return `${client.host}:${client.port}`
}

/** A PostgreSQL the start cannot use, said in one line (no stack trace, no password). */
export class PostgresSetupError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PostgresSetupError'
  }
}

/** The shortest faithful reason: `connect ECONNREFUSED`, `getaddrinfo ENOTFOUND`, or the server's own words. */
export function connectFailureReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const { code, syscall } = error as NodeJS.ErrnoException
  if (code && syscall) return `${syscall} ${code}`
  // Node tries every address of a name like `localhost` and reports them together.
  if (error instanceof AggregateError && error.errors[0]) return connectFailureReason(error.errors[0])
  return error.message || code || error.name
}

/** A connected client for one job (migrations, the start-up check); the caller ends it. */
export async function connectPostgres(url: string, variable: PostgresUrlVariable): Promise<pg.Client> {
  const client = new pg.Client(connectionConfig(url))
  // A server that goes away while we hold the client: the pending query rejects; this keeps
  // the client's own 'error' event from crashing the process as well.
  client.on('error', () => {})
  try {
    await client.connect()
    return client
  } catch (error) {
    await client.end().catch(() => {})
    throw new PostgresSetupError(
      `Cannot reach PostgreSQL at ${describePostgresHost(url)} (${variable}): ${connectFailureReason(error)}`,
    )
  }
}

/** The start-up check: connects and runs `SELECT 1`, or throws a PostgresSetupError. */
export async function assertPostgresReachable(url: string, variable: PostgresUrlVariable): Promise<void> {
  const client = await connectPostgres(url, variable)
  try {
    await client.query('SELECT 1')
  } catch (error) {
    throw new PostgresSetupError(
      `Cannot reach PostgreSQL at ${describePostgresHost(url)} (${variable}): ${connectFailureReason(error)}`,
    )
  } finally {
    await client.end().catch(() => {})
  }
}

/** The PostgreSQL variables Drill reads, in the order the start checks them. */
export const POSTGRES_URL_VARIABLES = ['DRILL_DATABASE_URL', 'DRILL_PROVIDER_DATABASE_URL'] as const

/** For a server's start: every configured PostgreSQL answers, or one line and exit 1. */
export async function assertConfiguredPostgresReachableOrExit(
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  try {
    for (const variable of POSTGRES_URL_VARIABLES) {
      const url = env[variable]?.trim()
      if (url) await assertPostgresReachable(url, variable)
    }
  } catch (error) {
    if (!(error instanceof PostgresSetupError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
