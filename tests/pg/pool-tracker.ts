// Which PostgreSQL pools this test file has open (tests/pg/close-pools.ts installs it):
// `pg.Pool` replaced by a subclass that remembers each pool until it is ended, and whose
// `end()` may be called twice (the file's own afterAll, then the shared one) and resolves only
// once every client's socket is closed. pg-pool's own `end()` resolves as soon as its list of
// clients is empty, while each client is still ending: a DROP DATABASE … WITH (FORCE) or a
// cluster stop right after it terminates those backends, and the client, already let go by
// its pool, raises 57P01 with no one listening (seen: 1 run in 4 of the PostgreSQL tests).
import type pg from 'pg'

type PoolClass = typeof pg.Pool
const holder = globalThis as unknown as { drillOpenPools?: Set<pg.Pool>; drillPoolClass?: PoolClass }

function open(): Set<pg.Pool> {
  holder.drillOpenPools ??= new Set()
  return holder.drillOpenPools
}

/** Replaces `pg.Pool` (once per process) by the tracking subclass. */
export function trackPgPools(driver: { Pool: PoolClass }): void {
  if (holder.drillPoolClass && driver.Pool === holder.drillPoolClass) return
  const Original = driver.Pool
  class TrackedPool extends Original {
    #ended: Promise<void> | undefined
    /** Clients connected and not yet closed (pg-pool emits 'remove' once a client's end is done). */
    #connected = new Set<pg.PoolClient>()
    #closed: (() => void) | undefined
    constructor(config?: pg.PoolConfig) {
      super(config)
      open().add(this)
      this.on('connect', (client) => this.#connected.add(client))
      this.on('remove', (client) => {
        this.#connected.delete(client)
        if (this.#connected.size === 0) this.#closed?.()
      })
    }
    // One signature only: nothing here ends a pool with a callback.
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads (callback or promise)
    end(): any {
      open().delete(this)
      this.#ended ??= (async () => {
        const closed = new Promise<void>((resolve) => {
          this.#closed = resolve
        })
        await super.end()
        if (this.#connected.size > 0) await closed
      })()
      return this.#ended
    }
  }
  holder.drillPoolClass = TrackedPool as PoolClass
  driver.Pool = TrackedPool as PoolClass
}

/** The database a pool connects to: its config's `database`, else its URL's path. */
function databaseOf(pool: pg.Pool): string | undefined {
  const options = (pool as unknown as { options: pg.PoolConfig }).options
  if (options.database) return options.database
  if (!options.connectionString) return undefined
  return decodeURIComponent(new URL(options.connectionString).pathname.slice(1)) || undefined
}

/** Ends the open pools on `database` (before it is dropped), or every open pool. */
export async function endTrackedPools(database?: string): Promise<void> {
  const pools = [...open()].filter((pool) => database === undefined || databaseOf(pool) === database)
  await Promise.all(pools.map((pool) => pool.end()))
}
