// Goal: an instance whose PostgreSQL goes away stays up — the pool's idle connections die
// without crashing the process, the liveness probe answers false (the route's 503) — and
// once the database is back the same pool serves again, with no restart. A cluster of its
// own, since this test takes the server away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migratePostgres } from '@/db/migrate-pg'
import { closePgPools, pgPool } from '@/db/pg'
import { pgDb } from '@/db/sql/pg-db'
import { liveDataOn } from '@/lib/live/data'
import { type PgCluster, startPgCluster } from '@/tests/pg/cluster'

let cluster: PgCluster

beforeAll(async () => {
  cluster = await startPgCluster()
  await migratePostgres(cluster.url())
}, 60_000)

afterAll(async () => {
  await closePgPools()
  cluster?.stop()
})

describe('PostgreSQL going away under a running instance', () => {
  it('answers false while it is gone and true again once it is back, on the same pool', async () => {
    const pool = pgPool(cluster.url())
    const data = liveDataOn(pgDb(pool))
    // Idle connections in the pool, which the server's going away will cut.
    await Promise.all(Array.from({ length: 3 }, () => data.accountIdForApiKey('sk_test_17')))
    expect(await data.databaseAnswers()).toBe(true)
    cluster.pause()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await data.databaseAnswers()).toBe(false)
    await expect(data.accountIdForApiKey('sk_test_17')).rejects.toThrow()
    cluster.resume()
    expect(await data.databaseAnswers()).toBe(true)
    expect(await data.accountIdForApiKey('sk_test_17')).toBe(17)
  })
})
