// A fresh, empty database per test file in the run's cluster (tests/pg/global-setup.ts),
// so PostgreSQL tests never see each other's rows and may run in parallel.
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { endTrackedPools } from './pool-tracker'

export interface TestDatabase {
  url: string
  name: string
  /** Drops it: ends this file's pools on it first (tests/pg/close-pools.ts), then any other connection. */
  drop(): Promise<void>
}

function clusterUrl(): string {
  const url = process.env.DRILL_TEST_PG_URL
  if (!url)
    throw new Error(
      'DRILL_TEST_PG_URL is not set: run the PostgreSQL tests through vitest (tests/pg/global-setup.ts starts the cluster).',
    )
  return url
}

async function onMaintenance(work: string | ((client: pg.Client) => Promise<void>)): Promise<void> {
  const client = new pg.Client({ connectionString: clusterUrl() })
  await client.connect()
  try {
    if (typeof work === 'string') await client.query(work)
    else await work(client)
  } finally {
    await client.end()
  }
}

/** Waits (up to 5 s) for the connections to `name` to be gone: a client still ending is let end. */
async function untilUnused(client: pg.Client, name: string): Promise<void> {
  const deadline = Date.now() + 5_000
  while (Date.now() < deadline) {
    const { rows } = await client.query(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
      [name],
    )
    if (rows[0].n === 0) return
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** `prefix` names the test in the database's name (lowercase letters, digits, _). */
export async function createTestDatabase(prefix: string): Promise<TestDatabase> {
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain database name: ${name}`)
  await onMaintenance(`CREATE DATABASE ${name}`)
  const url = new URL(clusterUrl())
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    name,
    drop: async () => {
      await endTrackedPools(name)
      await onMaintenance(async (client) => {
        await untilUnused(client, name)
        // FORCE only for a connection that outlived the wait (not one of this file's pools).
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      })
    },
  }
}
