// Goal: the store port keeps its promises on both adapters — SQLite (the engine's own, on a
// file, one connection per caller) and PostgreSQL (db/engine-store-pg.ts on a real server
// started here; no PostgreSQL on the machine fails this file, it never skips). Every race
// is decided in SQL: one claim wins, one takeover wins, a stale attempt's completion writes
// nothing, and concurrent refunds never take more than was captured.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pgEngineStore } from '@/db/engine-store-pg'
import { migratePostgres } from '@/db/migrate-pg'
import { migrateSqlite, openSqlite, type Sqlite } from '@/db/open'
import {
  DAY_MS,
  type EngineStore,
  isPending,
  type KeyRow,
  type NewClaim,
  type PaymentCompletion,
  paymentBody,
  type ResourceState,
  SWEEP_BATCH,
  sqliteStore,
} from '@/lib/engine'
import { type PgCluster, startCluster } from '@/tests/pg/engine-store-cluster'

const NOW = Date.parse('2026-01-05T10:00:00.000Z')
const CONNECTIONS = 50

interface Opened {
  /** One store per connection. */
  stores: EngineStore[]
  count(table: 'payments' | 'refunds' | 'idempotency_keys'): Promise<number>
  close(): Promise<void>
}

interface Backend {
  name: string
  open(connections: number): Promise<Opened>
}

const sqliteBackend: Backend = {
  name: 'SQLite',
  async open(connections) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-store-'))
    const file = path.join(dir, 'engine.db')
    const first = openSqlite(file, { synchronous: 'NORMAL' })
    migrateSqlite(first)
    const handles: Sqlite[] = [first]
    for (let i = 1; i < connections; i++) handles.push(openSqlite(file, { synchronous: 'NORMAL' }))
    return {
      stores: handles.map((h) => sqliteStore(h)),
      count: async (table) => (first.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
      async close() {
        for (const h of handles) h.close()
        fs.rmSync(dir, { recursive: true, force: true })
      },
    }
  },
}

let cluster: PgCluster | undefined
let databases = 0
const pgBackend: Backend = {
  name: 'PostgreSQL',
  async open(connections) {
    cluster ??= await startCluster()
    const url = await cluster.createDatabase(`engine_store_${++databases}`)
    // The engine's tables as the app has them: the committed PostgreSQL migrations.
    await migratePostgres(url, { demoAccounts: false })
    const admin = new pg.Pool({ connectionString: url, max: 2 })
    // One pool of one connection per store, each connected before the races start.
    const pools = Array.from({ length: connections }, () => new pg.Pool({ connectionString: url, max: 1 }))
    await Promise.all(pools.map((p) => p.query('SELECT 1')))
    return {
      stores: pools.map((p) => pgEngineStore(p, { sweepBatch: SWEEP_BATCH })),
      count: async (table) => Number((await admin.query(`SELECT COUNT(*) AS n FROM ${table}`)).rows[0].n),
      async close() {
        await Promise.all([...pools, admin].map((p) => p.end()))
      },
    }
  },
}

afterAll(() => cluster?.stop())

const value = async <T>(v: T | Promise<T>): Promise<T> => (isPending(v) ? await v : v)

function newClaim(key: string, overrides: Partial<NewClaim> = {}): NewClaim {
  return {
    scope: 17,
    key,
    operation: 'create_payment',
    bodyHash: 'hash-0',
    requestBody: '{"amount":100}',
    providerKey: `pk_${key}`,
    leaseUntilMs: NOW + 30_000,
    createdAtMs: NOW,
    expiresAtMs: NOW + DAY_MS,
    ...overrides,
  }
}

function completion(row: KeyRow, state: ResourceState, version = row.lease_version): PaymentCompletion {
  return {
    payment: {
      id: row.resource_id,
      accountId: row.account_id,
      orderId: 'order-1',
      amountMinor: 100,
      currency: 'USD',
      idempotencyKey: row.key,
      state,
      failureCode: state === 'failed' ? 'card_declined' : null,
      chargeId: state === 'succeeded' ? `ch_${row.key}` : null,
      nowMs: NOW + 1_000,
    },
    key: {
      scope: row.account_id,
      key: row.key,
      version,
      status: state === 'pending_unknown' ? 'pending_unknown' : 'completed',
      responseStatus: state === 'succeeded' ? 201 : state === 'failed' ? 402 : 202,
      expiresAtMs: NOW + DAY_MS,
      fence: 'lease-version',
    },
    responseBody: paymentBody,
  }
}

describe.each([sqliteBackend, pgBackend])('the engine store on $name', (backend) => {
  let db: Opened
  beforeAll(async () => {
    db = await backend.open(CONNECTIONS)
  }, 120_000)
  afterAll(() => db?.close())

  async function claimed(key: string, overrides: Partial<NewClaim> = {}): Promise<KeyRow> {
    const result = await value(db.stores[0]!.claim(newClaim(key, overrides)))
    expect(result.won).toBe(true)
    return result.row
  }

  /** A succeeded payment of 100, completed under `key`. */
  async function succeededPayment(key: string): Promise<number> {
    const row = await claimed(key)
    const done = await value(db.stores[0]!.completePayment(completion(row, 'succeeded')))
    return done!.resourceId
  }

  it(`${CONNECTIONS} concurrent claims of one key on separate connections: one winner, every loser sees its row`, async () => {
    const results = await Promise.all(
      db.stores.map((s, i) => value(s.claim(newClaim('claim-race', { bodyHash: `hash-${i}` })))),
    )
    const winners = results.filter((r) => r.won)
    expect(winners).toHaveLength(1)
    for (const r of results) expect(r.row).toEqual(winners[0]!.row)
    expect(winners[0]!.row).toMatchObject({ status: 'in_progress', lease_version: 0 })
  })

  it('a completed key past its TTL is claimed again by exactly one of many', async () => {
    const row = await claimed('expired-race', { expiresAtMs: NOW - 1 })
    await value(
      db.stores[0]!.completePayment({
        ...completion(row, 'succeeded'),
        key: { ...completion(row, 'succeeded').key, expiresAtMs: NOW - 1 },
      }),
    )
    const later = { createdAtMs: NOW + 5_000, leaseUntilMs: NOW + 35_000, expiresAtMs: NOW + DAY_MS }
    const results = await Promise.all(
      db.stores.map((s, i) => value(s.claim(newClaim('expired-race', { ...later, bodyHash: `next-${i}` })))),
    )
    const winners = results.filter((r) => r.won)
    expect(winners).toHaveLength(1)
    expect(winners[0]!.row).toMatchObject({ status: 'in_progress', lease_version: 1, response_body: null })
  })

  it('lease takeover race: one of many takes an expired lease over, and only its hook sees a commit', async () => {
    const row = await claimed('takeover-race', { leaseUntilMs: NOW - 1 })
    let commits = 0
    const takeover = { scope: 17, key: row.key, version: 0, nowMs: NOW, leaseUntilMs: NOW + 30_000 }
    const results = await Promise.all(db.stores.map((s) => value(s.takeOver(takeover, () => commits++))))
    const won = results.filter((r) => r !== undefined)
    expect(won).toHaveLength(1)
    expect(won[0]).toMatchObject({ lease_version: 1, lease_until_ms: NOW + 30_000 })
    expect(commits).toBe(1)
    // A lease that has not run out cannot be taken over at all.
    const early = await value(db.stores[1]!.takeOver({ ...takeover, version: 1 }))
    expect(early).toBeUndefined()
  })

  it('reopening a pending_unknown key: one of many', async () => {
    const row = await claimed('reopen-race')
    await value(db.stores[0]!.completePayment(completion(row, 'pending_unknown')))
    const reopen = { scope: 17, key: row.key, version: 0, leaseUntilMs: NOW + 60_000 }
    const results = await Promise.all(db.stores.slice(0, 20).map((s) => value(s.reopenPending(reopen))))
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await value(db.stores[0]!.getKey(17, row.key))).toMatchObject({
      status: 'in_progress',
      lease_version: 1,
    })
  })

  it('completion is fenced on lease_version: a stale attempt writes nothing, the owner writes once', async () => {
    const row = await claimed('fenced', { leaseUntilMs: NOW - 1 })
    const taken = await value(
      db.stores[1]!.takeOver({ scope: 17, key: row.key, version: 0, nowMs: NOW, leaseUntilMs: NOW + 30_000 }),
    )
    expect(taken?.lease_version).toBe(1)
    const paymentsBefore = await db.count('payments')
    const stale = await value(db.stores[0]!.completePayment(completion(row, 'succeeded', 0)))
    expect(stale).toBeUndefined()
    expect(await db.count('payments')).toBe(paymentsBefore)
    expect(await value(db.stores[0]!.getKey(17, row.key))).toMatchObject({
      status: 'in_progress',
      response_body: null,
      resource_id: null,
    })
    // Stale and current attempts racing on separate connections: exactly one write lands.
    let commits = 0
    const results = await Promise.all(
      db.stores.map((s, i) => value(s.completePayment(completion(row, 'succeeded', i % 2), () => commits++))),
    )
    const done = results.filter((r) => r !== undefined)
    expect(done).toHaveLength(1)
    expect(commits).toBe(1)
    expect(await db.count('payments')).toBe(paymentsBefore + 1)
    expect(await value(db.stores[0]!.getKey(17, row.key))).toMatchObject({
      status: 'completed',
      lease_version: 1,
      response_status: 201,
      resource_id: done[0]!.resourceId,
      response_body: done[0]!.responseBody,
    })
  })

  it("the commit hook runs after the commit: another connection already reads the step's rows", async () => {
    const row = await claimed('hooked')
    let seen: Promise<KeyRow | undefined> | undefined
    await value(
      db.stores[0]!.completePayment(completion(row, 'succeeded'), () => {
        seen = Promise.resolve(db.stores[1]!.getKey(17, row.key))
      }),
    )
    expect(await seen).toMatchObject({ status: 'completed', response_status: 201 })
  })

  it('20 concurrent refunds never over-refund; a rejected claim leaves no key row', async () => {
    const paymentId = await succeededPayment('refunded-payment')
    const reservation = { paymentId, accountId: 17, amountMinor: 7 }
    const results = await Promise.all(
      db.stores
        .slice(0, 20)
        .map((s, i) =>
          value(s.claimRefund(newClaim(`refund-${i}`, { operation: 'refund_payment' }), reservation)),
        ),
    )
    const won = results.filter((r) => 'won' in r && r.won)
    expect(won).toHaveLength(14) // 14 × 7 = 98 ≤ 100 < 15 × 7
    expect(results.filter((r) => 'rejected' in r && r.rejected === 'over-refund')).toHaveLength(6)
    expect((await value(db.stores[0]!.getPayment(paymentId)))?.refunded_minor).toBe(98)
    for (let i = 0; i < 20; i++) {
      const key = await value(db.stores[0]!.getKey(17, `refund-${i}`))
      expect(key === undefined).toBe('rejected' in results[i]!)
    }
    const declined = await claimed('declined-payment')
    const failedId = (await value(db.stores[0]!.completePayment(completion(declined, 'failed'))))!.resourceId
    const refused = await value(
      db.stores[0]!.claimRefund(newClaim('refund-of-failed', { operation: 'refund_payment' }), {
        ...reservation,
        paymentId: failedId,
      }),
    )
    expect(refused).toEqual({ rejected: 'not-refundable', state: 'failed' })
  })

  it('the reaper deletes only completed keys past their TTL, each once across concurrent passes', async () => {
    const live = await claimed('reap-in-progress', {
      createdAtMs: NOW - 2 * DAY_MS,
      expiresAtMs: NOW - DAY_MS,
    })
    const old: KeyRow[] = []
    for (let i = 0; i < 5; i++) {
      const row = await claimed(`reap-${i}`, { createdAtMs: NOW - 2 * DAY_MS, expiresAtMs: NOW - DAY_MS })
      const c = completion(row, 'succeeded')
      await value(db.stores[0]!.completePayment({ ...c, key: { ...c.key, expiresAtMs: NOW - DAY_MS } }))
      old.push(row)
    }
    const reapable = await value(db.stores[0]!.reapableKeys(NOW))
    expect(reapable.map((r) => r.key)).toEqual(expect.arrayContaining(old.map((r) => r.key)))
    expect(reapable.map((r) => r.key)).not.toContain(live.key)
    const purged = await Promise.all(
      db.stores.slice(0, 4).map((s) => value(s.reap([...reapable, live], NOW))),
    )
    expect(purged.reduce((a, b) => a + b, 0)).toBe(reapable.length)
    expect(await value(db.stores[0]!.getKey(17, live.key))).toMatchObject({ status: 'in_progress' })
  })

  it('the sweeps read their batches and a webhook finds its pending key', async () => {
    const stuck = await claimed('sweep-stuck', { leaseUntilMs: NOW - 1 })
    const pending = await claimed('sweep-pending')
    await value(db.stores[0]!.completePayment(completion(pending, 'pending_unknown')))
    const expired = await value(db.stores[0]!.expiredLeases(NOW))
    expect(expired.map((r) => r.key)).toContain(stuck.key)
    expect((await value(db.stores[0]!.pendingKeys())).map((r) => r.key)).toContain(pending.key)
    expect((await value(db.stores[0]!.pendingByProviderKey(pending.provider_key)))?.key).toBe(pending.key)
    expect(await value(db.stores[0]!.pendingByProviderKey(stuck.provider_key))).toBeUndefined()
    expect(await value(db.stores[0]!.knowsProviderKey(stuck.provider_key))).toBe(true)
    expect(await value(db.stores[0]!.knowsProviderKey('pk_nobody'))).toBe(false)
  })
})
