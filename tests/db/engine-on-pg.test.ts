// Goal: the whole protocol runs on the PostgreSQL store — the same answers as on SQLite
// (201, byte-identical replay, 422, 409, refunds), and across two engine instances on
// separate pools (two app servers on one database), each with its own simulated provider
// on the provider's shared PostgreSQL books: one charge per key, a dead instance's keys
// recovered by the other's sweep, an unknown outcome settled by reconciliation. Real
// PostgreSQL, started here (no PostgreSQL: this file fails).
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pgEngineStore } from '@/db/engine-store-pg'
import { migratePostgres, migrateProviderPostgres } from '@/db/migrate-pg'
import { pgProviderLedger } from '@/db/provider-ledger-pg'
import {
  behaviourForToken,
  canonicalJson,
  createEngine,
  DAY_MS,
  type Engine,
  engineConfig,
  SimulatedProvider,
  SWEEP_BATCH,
  sha256Hex,
  systemClock,
} from '@/lib/engine'
import { type PgCluster, startCluster } from '@/tests/pg/engine-store-cluster'

const BODY = { orderId: '42', amount: 2500, currency: 'USD', paymentMethodToken: 'token-9' }
const SLOW = { ...BODY, paymentMethodToken: 'tok_slow' }
const LEASE_MS = 400

let cluster: PgCluster
let pools: pg.Pool[] = []
let engines: [Engine, Engine]
let providers: SimulatedProvider[] = []

beforeAll(async () => {
  cluster = await startCluster()
  const url = await cluster.createDatabase('engine_on_pg')
  const providerUrl = await cluster.createDatabase('provider_on_pg')
  pools = [new pg.Pool({ connectionString: url, max: 4 }), new pg.Pool({ connectionString: url, max: 4 })]
  const providerPools = [
    new pg.Pool({ connectionString: providerUrl }),
    new pg.Pool({ connectionString: providerUrl }),
  ]
  pools.push(...providerPools)
  // Both instances migrate at once, as two servers booting together do.
  await Promise.all([migratePostgres(url), migratePostgres(url)])
  await Promise.all([migrateProviderPostgres(providerUrl), migrateProviderPostgres(providerUrl)])
  providers = providerPools.map(
    (p) =>
      new SimulatedProvider({
        ledger: pgProviderLedger(p),
        clock: systemClock,
        behaviour: behaviourForToken,
        timing: { latencyMs: 0, slowMs: 300, timeoutMs: 150 },
      }),
  )
  const make = (pool: pg.Pool, provider: SimulatedProvider) =>
    createEngine({
      store: pgEngineStore(pool, { sweepBatch: SWEEP_BATCH }),
      clock: systemClock,
      provider,
      paymentUrl: (id) => `/api/payments/${id}`,
      config: engineConfig({ leaseMs: LEASE_MS, inFlightPolicy: { kind: 'reject-409', retryAfterS: 1 } }),
    })
  engines = [make(pools[0]!, providers[0]!), make(pools[1]!, providers[1]!)]
}, 120_000)

afterAll(async () => {
  await Promise.all(pools.map((p) => p.end()))
  cluster?.stop()
})

const charges = async (providerKey: string) =>
  (await providers[1]!.readLedger(17)).filter((l) => l.kind === 'charge' && l.providerKey === providerKey)
    .length

async function keyRow(key: string) {
  const { rows } = await pools[0]!.query(
    'SELECT * FROM idempotency_keys WHERE account_id = 17 AND key = $1',
    [key],
  )
  return rows[0] as Record<string, unknown> | undefined
}

describe('the engine on PostgreSQL', () => {
  it('creates, replays byte for byte, rejects another body with 422, and refunds', async () => {
    const [a, b] = engines
    const first = await a.createPayment({ accountId: 17, key: 'pg-create', body: BODY })
    expect(first).toMatchObject({ status: 201, kind: 'created', replayed: false })
    const id = JSON.parse(first.body).id as number
    expect(first.location).toBe(`/api/payments/${id}`)
    const replay = await b.createPayment({ accountId: 17, key: 'pg-create', body: BODY })
    expect(replay).toMatchObject({ status: 201, replayed: true, body: first.body })
    const other = await b.createPayment({ accountId: 17, key: 'pg-create', body: { ...BODY, amount: 1 } })
    expect(other.status).toBe(422)

    const refund = await a.refundPayment({
      accountId: 17,
      key: 'pg-refund-1',
      paymentId: id,
      body: { amount: 1000 },
    })
    expect(refund.status).toBe(201)
    const again = await b.refundPayment({
      accountId: 17,
      key: 'pg-refund-1',
      paymentId: id,
      body: { amount: 1000 },
    })
    expect(again).toMatchObject({ status: 201, replayed: true, body: refund.body })
    const over = await a.refundPayment({
      accountId: 17,
      key: 'pg-refund-2',
      paymentId: id,
      body: { amount: 2000 },
    })
    expect(over.status).toBe(400)
    expect(await keyRow('pg-refund-2')).toBeUndefined()
  })

  it('the same key sent to two instances at once: one charge, one 201 and one 409 (or a wait and a replay)', async () => {
    const [a, b] = engines
    const [one, two] = await Promise.all([
      a.createPayment({ accountId: 17, key: 'pg-race', body: SLOW }),
      b.createPayment({ accountId: 17, key: 'pg-race', body: SLOW }),
    ])
    expect([one.status, two.status].sort()).toEqual([201, 409])
    const row = await keyRow('pg-race')
    expect(await charges(row!.provider_key as string)).toBe(1)

    const [w1, w2] = await Promise.all([
      a.createPayment({ accountId: 17, key: 'pg-wait', body: SLOW, waitMs: 5_000 }),
      b.createPayment({ accountId: 17, key: 'pg-wait', body: SLOW, waitMs: 5_000 }),
    ])
    expect([w1.status, w2.status]).toEqual([201, 201])
    expect([w1.replayed, w2.replayed].sort()).toEqual([false, true])
    expect(w1.body).toBe(w2.body)
  })

  it("another instance's sweep recovers a dead instance's key once its lease runs out: still one charge", async () => {
    const [a, b] = engines
    const requestBody = canonicalJson(SLOW)
    const nowMs = Date.now()
    // What a killed instance leaves behind: a claimed key, lease running, no payment.
    await pgEngineStore(pools[0]!, { sweepBatch: SWEEP_BATCH }).claim({
      scope: 17,
      key: 'pg-stuck',
      operation: 'create_payment',
      bodyHash: sha256Hex(requestBody),
      requestBody,
      providerKey: 'pk_pg_stuck',
      leaseUntilMs: nowMs + LEASE_MS,
      createdAtMs: nowMs,
      expiresAtMs: nowMs + DAY_MS,
    })
    const early = await a.createPayment({ accountId: 17, key: 'pg-stuck', body: SLOW })
    expect(early.status).toBe(409)
    await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 20))
    const [recoveryA, recoveryB] = await Promise.all([a.recoverLeases(), b.recoverLeases()])
    expect(recoveryA.settled + recoveryB.settled).toBe(1)
    expect(await keyRow('pg-stuck')).toMatchObject({ status: 'completed', response_status: 201 })
    expect(await charges('pk_pg_stuck')).toBe(1)
    const retry = await b.createPayment({ accountId: 17, key: 'pg-stuck', body: SLOW })
    expect(retry).toMatchObject({ status: 201, replayed: true })
  })

  it('an unknown outcome answers 202 until reconciliation settles it under our key', async () => {
    const [a, b] = engines
    const body = { ...BODY, paymentMethodToken: 'tok_timeout' }
    const first = await a.createPayment({ accountId: 17, key: 'pg-timeout', body })
    expect(first.status).toBe(202)
    expect((await b.createPayment({ accountId: 17, key: 'pg-timeout', body })).status).toBe(202)
    const [, reconciliation] = await b.sweepOnce()
    expect(reconciliation).toMatchObject({ sweep: 'reconciliation', settled: 1 })
    const after = await a.createPayment({ accountId: 17, key: 'pg-timeout', body })
    expect(after).toMatchObject({ status: 201, replayed: true })
  })
})
