// Goal: with DRILL_DATABASE_URL the live runtime's shared state is one state for every
// instance — accounts, the console's secret and accounts, the GET routes' rows, the
// idle-account purge, the rate-limit buckets — and races between instances are decided
// in SQL. Two pools on one real PostgreSQL stand for two app instances.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { migratePostgres, migrateProviderPostgres } from '@/db/migrate-pg'
import { connectionConfig } from '@/db/pg'
import { pgBuckets } from '@/db/rate-limit-pg'
import { hashApiKey } from '@/db/seed'
import { pgDb } from '@/db/sql/pg-db'
import { type Clock, DAY_MS } from '@/lib/engine'
import { rotateConsoleSecret } from '@/lib/live/console-account'
import { type LiveData, liveDataOn } from '@/lib/live/data'
import { createPgLiveRuntime, type LiveRuntime } from '@/lib/live/runtime'
import { defaultLiveSettings } from '@/lib/live/settings'
import { createTestDatabase } from '@/tests/pg/database'

let nowMs = Date.parse('2026-01-05T10:00:00.000Z')
const clock: Clock = { nowMs: () => nowMs, sleep: () => Promise.resolve() }
const body = { orderId: 'o-1', amount: 2500, currency: 'USD', paymentMethodToken: 'token-9' }

const pools: pg.Pool[] = []
let admin: pg.Pool
let data: [LiveData, LiveData]
let runtimes: [LiveRuntime, LiveRuntime]

const newPool = (url: string) => {
  const pool = new pg.Pool({ ...connectionConfig(url), max: 4 })
  pools.push(pool)
  return pool
}

beforeAll(async () => {
  const [app, provider] = await Promise.all([
    createTestDatabase('live_pg'),
    createTestDatabase('live_pg_provider'),
  ])
  // Two instances booting together.
  await Promise.all([migratePostgres(app.url), migratePostgres(app.url)])
  await Promise.all([migrateProviderPostgres(provider.url), migrateProviderPostgres(provider.url)])
  admin = newPool(app.url)
  const instance = () => {
    const pool = newPool(app.url)
    const settings = { ...defaultLiveSettings, postgres: { url: app.url, providerUrl: provider.url } }
    return {
      data: liveDataOn(pgDb(pool)),
      runtime: createPgLiveRuntime({ pool, providerPool: newPool(provider.url), settings, clock }),
    }
  }
  const [a, b] = [instance(), instance()]
  data = [a.data, b.data]
  runtimes = [a.runtime, b.runtime]
})

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()))
})

const count = async (sql: string, values: unknown[] = []) =>
  Number((await admin.query(sql, values)).rows[0].n)

describe('the live runtime on PostgreSQL, two instances', () => {
  it('an account made on one instance authenticates on the other; the demo accounts are seeded', async () => {
    const made = await data[0].createAccount({ nowMs, label: 'api' })
    expect(made.id).toBeGreaterThanOrEqual(1000)
    expect(await data[1].accountIdForApiKey(made.apiKey)).toBe(made.id)
    expect(await data[1].accountIdForApiKey('sk_test_17')).toBe(17)
    expect(await data[0].accountIdForApiKey('sk_test_nobody')).toBeNull()
  })

  it('20 first visits of one learner split over both: one console secret, one account, one key', async () => {
    const learnerId = crypto.randomUUID()
    expect(await data[0].existingConsoleAccount(learnerId)).toBeNull()
    const visits = await Promise.all(
      Array.from({ length: 20 }, (_, i) => data[i % 2]!.ensureConsoleAccount(learnerId, nowMs)),
    )
    expect(new Set(visits.map((v) => v.accountId)).size).toBe(1)
    expect(new Set(visits.map((v) => v.apiKey)).size).toBe(1)
    expect(await count('SELECT count(*) AS n FROM server_secrets')).toBe(1)
    expect(await count("SELECT count(*) AS n FROM accounts WHERE label = 'live console'")).toBe(1)
    expect(await data[1].existingConsoleAccount(learnerId)).toBe(visits[0]!.accountId)
    expect(await data[1].accountIdForApiKey(visits[0]!.apiKey)).toBe(visits[0]!.accountId)
    // Rotation re-keys every console account at its commit, for every instance.
    expect(await rotateConsoleSecret(pgDb(pools[1]!), nowMs)).toBe(1)
    expect(await data[0].accountIdForApiKey(visits[0]!.apiKey)).toBeNull()
    const after = await data[0].ensureConsoleAccount(learnerId, nowMs)
    expect(after.accountId).toBe(visits[0]!.accountId)
    expect(after.apiKey).not.toBe(visits[0]!.apiKey)
    expect(await data[1].accountIdForApiKey(after.apiKey)).toBe(after.accountId)
  })

  it("a payment made through one instance is the other's GET rows, as the SQLite routes show them", async () => {
    const account = await data[0].createAccount({ nowMs, label: 'api' })
    const created = await runtimes[0].engine.createPayment({ accountId: account.id, key: 'k-get', body })
    expect(created.status).toBe(201)
    const id = JSON.parse(created.body).id as number
    const [payments, keys, one] = await Promise.all([
      data[1].payments(account.id),
      data[1].keyRows(account.id),
      data[1].payment(account.id, id),
    ])
    expect(payments).toEqual([one])
    expect(one).toMatchObject({ id, object: 'payment', orderId: 'o-1', amount: 2500, state: 'succeeded' })
    expect(one?.createdAt).toBe(new Date(nowMs).toISOString())
    expect(keys).toMatchObject([{ key: 'k-get', status: 'completed', responseStatus: 201, resourceId: id }])
    expect(await data[1].payment(17, id)).toBeNull()
    // The provider's ids read as on its SQLite books: prefix and a zero-padded sequence number.
    expect((await runtimes[1].provider.readLedger(account.id)).map((e) => e.id)).toEqual([
      expect.stringMatching(/^ch_\d{4,}$/),
    ])
  })

  it('both instances purging at once delete an idle account once, with its provider entries', async () => {
    const account = await data[0].createAccount({ nowMs, label: 'api' })
    await runtimes[0].engine.createPayment({ accountId: account.id, key: 'k-idle', body })
    const busy = await data[0].createAccount({ nowMs, label: 'api' })
    nowMs += 31 * DAY_MS
    await runtimes[1].engine.createPayment({ accountId: busy.id, key: 'k-busy', body })
    const options = { nowMs, idleMs: 30 * DAY_MS }
    const reports = await Promise.all([runtimes[0].purgeIdle(options), runtimes[1].purgeIdle(options)])
    // Every idle account so far (this test's and the earlier ones'), each deleted by one instance only.
    const purged = reports.reduce((n, r) => n + r.purged, 0)
    expect(purged).toBeGreaterThanOrEqual(1)
    expect(await data[1].accountIdForApiKey(account.apiKey)).toBeNull()
    expect(await data[1].accountIdForApiKey(busy.apiKey)).toBe(busy.id)
    expect(
      await count('SELECT count(*) AS n FROM idempotency_keys WHERE account_id = $1', [account.id]),
    ).toBe(0)
    expect((await runtimes[1].provider.readLedger(account.id)).length).toBe(0)
    expect((await runtimes[1].provider.readLedger(busy.id)).length).toBe(1)
    expect(
      (await Promise.all([runtimes[0].purgeIdle(options), runtimes[1].purgeIdle(options)])).map(
        (r) => r.purged,
      ),
    ).toEqual([0, 0])
  })

  it("a write's admission is one statement: the caller, the take and the key's row; a replay needs no other", async () => {
    const account = await data[0].createAccount({ nowMs, label: 'api' })
    const first = await runtimes[0].engine.createPayment({ accountId: account.id, key: 'k-one-trip', body })
    const admission = (apiKeyHash: string, key: string | null) => ({
      apiKeyHash,
      buckets: [
        { key: 'payments:subject:account:', rule: { burst: 5, perMinute: 0 }, perAccount: true },
        { key: 'payments:address:203.0.113.9', rule: { burst: 100, perMinute: 0 } },
      ],
      cost: 1,
      nowMs,
      key,
    })
    // Instance b's own pool (pools[3]): every round trip the replay makes goes through it.
    const trips = vi.spyOn(pools[3]!, 'query')
    const admitted = await runtimes[1].admitPaymentWrite!(admission(hashApiKey(account.apiKey), 'k-one-trip'))
    if (admitted.accountId === null) throw new Error('the account was not found')
    expect(admitted.take).toEqual({ ok: true })
    const replay = await runtimes[1].withAdmittedKey!(admitted.keyRow!, () =>
      runtimes[1].engine.createPayment({ accountId: account.id, key: 'k-one-trip', body }),
    )
    expect(trips).toHaveBeenCalledTimes(1)
    trips.mockRestore()
    expect([replay.status, replay.body]).toEqual([first.status, first.body])
    const tokens = async (key: string) =>
      (await admin.query('SELECT tokens FROM rate_limit_buckets WHERE key = $1', [key])).rows[0]?.tokens
    expect(await tokens(`payments:subject:account:${account.id}`)).toBe(4)
    expect(await tokens('payments:address:203.0.113.9')).toBe(99)

    // An unknown key: no account, nothing taken.
    expect(await runtimes[0].admitPaymentWrite!(admission(hashApiKey('sk_test_nobody'), 'k'))).toEqual({
      accountId: null,
    })
    expect(await tokens('payments:address:203.0.113.9')).toBe(99)
    // Shared by both instances: the account's 5 spent, the next refused, and the address bucket gets its token back.
    for (let i = 0; i < 4; i++)
      expect(
        await runtimes[i % 2]!.admitPaymentWrite!(admission(hashApiKey(account.apiKey), 'k-new')),
      ).toMatchObject({
        take: { ok: true },
      })
    const spent = await runtimes[0].admitPaymentWrite!(admission(hashApiKey(account.apiKey), 'k-new'))
    expect(spent).toMatchObject({ accountId: account.id, take: { ok: false, retryAfterS: 3600 } })
    expect(await tokens('payments:address:203.0.113.9')).toBe(95)
    expect(await count('SELECT count(*) AS n FROM idempotency_keys WHERE key = $1', ['k-new'])).toBe(0)
  })

  it('a burst split over both instances admits exactly the burst; a refusal takes nothing', async () => {
    const buckets = [pgBuckets(pools[1]!), pgBuckets(pools[3]!)]
    const rules = (subject: string) => [
      { key: `payments:subject:${subject}`, rule: { burst: 10, perMinute: 0 } },
      { key: 'payments:address:198.51.100.7', rule: { burst: 1000, perMinute: 0 } },
    ]
    const takes = await Promise.all(
      Array.from({ length: 60 }, (_, i) => buckets[i % 2]!.take(rules('account:1'), nowMs)),
    )
    expect(takes.filter((t) => t.ok)).toHaveLength(10)
    expect(takes.find((t) => !t.ok)).toEqual({ ok: false, retryAfterS: 3600 })
    const address = await admin.query(
      "SELECT tokens FROM rate_limit_buckets WHERE key = 'payments:address:198.51.100.7'",
    )
    expect(address.rows[0].tokens).toBe(990)
    // Refilled by the rule: after a minute at 60/min a full bucket again, then forgotten by the prune.
    const refill = [{ key: 'grade:subject:x', rule: { burst: 2, perMinute: 60 } }]
    expect(await buckets[0]!.take(refill, nowMs, 2)).toEqual({ ok: true })
    expect(await buckets[1]!.take(refill, nowMs, 1)).toEqual({ ok: false, retryAfterS: 1 })
    expect(await buckets[1]!.take(refill, nowMs + 1000, 1)).toEqual({ ok: true })
    expect(await buckets[0]!.prune(nowMs + 120_000)).toBeGreaterThanOrEqual(1)
    expect(await count("SELECT count(*) AS n FROM rate_limit_buckets WHERE key = 'grade:subject:x'")).toBe(0)
  })
})
