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

async function onMaintenance(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: clusterUrl() })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
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
      await onMaintenance(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    },
  }
}
