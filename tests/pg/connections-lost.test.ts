// Goal (issue 40): when PostgreSQL ends the app's idle connections (pg_terminate_backend, as a
// restart, a failover or an administrator does), every pool the app opens — the study data layer,
// the live API's data, the engine store and the rate limits on DRILL_DATABASE_URL, the provider
// ledger on DRILL_PROVIDER_DATABASE_URL — hears the `error` event (none goes unhandled, which
// would crash a server), and the next query through each of them succeeds on a fresh connection.
import type pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { studyDb } from '@/db/client'
import { migratePostgres, migrateProviderPostgres } from '@/db/migrate-pg'
import { connectPostgres, pgPool } from '@/db/pg'
import { takeLimit } from '@/lib/http/limits'
import { live, liveData } from '@/lib/live/live'
import { createTestDatabase, type TestDatabase } from './database'

let app: TestDatabase
let provider: TestDatabase
const saved = { url: process.env.DRILL_DATABASE_URL, providerUrl: process.env.DRILL_PROVIDER_DATABASE_URL }

beforeAll(async () => {
  ;[app, provider] = await Promise.all([createTestDatabase('lost_app'), createTestDatabase('lost_provider')])
  await migratePostgres(app.url)
  await migrateProviderPostgres(provider.url)
  process.env.DRILL_DATABASE_URL = app.url
  process.env.DRILL_PROVIDER_DATABASE_URL = provider.url
}, 60_000)

afterAll(() => {
  for (const [name, value] of [
    ['DRILL_DATABASE_URL', saved.url],
    ['DRILL_PROVIDER_DATABASE_URL', saved.providerUrl],
  ] as const)
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
})

/** Records each `error` the pool emits, and whether anyone was listening (without one it would throw). */
function watchErrors(pool: pg.Pool) {
  const heard: Error[] = []
  const unheard: Error[] = []
  const emit = pool.emit.bind(pool)
  pool.emit = ((event: string | symbol, ...args: unknown[]) => {
    if (event !== 'error') return emit(event, ...args)
    // Counted before our own bookkeeping: the app's listeners only.
    if (pool.listenerCount('error') === 0) {
      unheard.push(args[0] as Error)
      return false
    }
    heard.push(args[0] as Error)
    return emit(event, ...args)
  }) as typeof pool.emit
  return { heard, unheard }
}

/** Ends every idle connection of `database` but the admin's own; the number ended. */
async function terminateIdle(database: string): Promise<number> {
  const admin = await connectPostgres(provider.url.replace(/\/[^/]*$/, '/postgres'), 'admin')
  try {
    const { rows } = await admin.query(
      `SELECT count(*)::int AS n FROM (
         SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = $1 AND state = 'idle' AND pid <> pg_backend_pid()) AS ended`,
      [database],
    )
    return rows[0].n
  } finally {
    await admin.end()
  }
}

async function until(condition: () => boolean, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const body = { orderId: 'o-lost', amount: 1200, currency: 'USD', paymentMethodToken: 'token-9' }
let keyN = 0

/** One call through each of the app's uses of PostgreSQL; each must succeed. */
async function callEveryPool() {
  const study = await studyDb().all<{ n: number }>('SELECT count(*) AS n FROM learners')
  expect(study).toHaveLength(1)
  expect(await liveData().accountIdForApiKey('sk_test_17')).toBe(17)
  const runtime = live()
  // The engine store (app database) and the provider ledger (provider database).
  const created = await runtime.engine.createPayment({ accountId: 17, key: `k-lost-${++keyN}`, body })
  expect(created.status).toBe(201)
  expect((await runtime.provider.readLedger(17)).length).toBe(keyN)
  // The rate limits: live() shares its buckets through the app database's pool.
  const taken = await takeLimit('payments', { subject: '17', address: '127.0.0.9', nowMs: Date.now() })
  expect(taken).toEqual({ ok: true })
}

describe('PostgreSQL ends the app’s idle connections', () => {
  it('every pool hears the error, none goes unhandled, and the next queries succeed', async () => {
    await callEveryPool()
    const pools = { app: pgPool(app.url), provider: pgPool(provider.url) }
    const watched = { app: watchErrors(pools.app), provider: watchErrors(pools.provider) }
    for (const round of [1, 2]) {
      // Every pool has idle connections now, which is what the server ends.
      for (const pool of Object.values(pools)) expect(pool.idleCount).toBeGreaterThan(0)
      const ended = { app: await terminateIdle(app.name), provider: await terminateIdle(provider.name) }
      expect(ended.app, `round ${round}`).toBeGreaterThan(0)
      expect(ended.provider, `round ${round}`).toBeGreaterThan(0)
      await until(
        () => pools.app.idleCount === 0 && pools.provider.idleCount === 0,
        'the pools to drop their ended clients',
      )
      expect(watched.app.heard.length).toBeGreaterThan(0)
      expect(watched.provider.heard.length).toBeGreaterThan(0)
      expect([...watched.app.unheard, ...watched.provider.unheard]).toEqual([])
      expect(watched.app.heard.every((e) => (e as { code?: string }).code === '57P01')).toBe(true)
      await callEveryPool()
    }
  })
})
