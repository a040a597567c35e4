// Lease recovery after a crash: every stuck key is taken over and re-driven at once,
// bounded by the engine's recoveryConcurrency; overlapping passes (one engine or two servers)
// never drive a key twice; `serial-recovery` is the old one-after-another pass.
import { describe, expect, it } from 'vitest'
import { canonicalJson, sha256Hex } from './canonical'
import { createEngine, type Engine } from './engine'
import type { PaymentProvider } from './provider'
import { SimulatedProvider } from './provider-sim'
import { freshEngineDatabase } from './sim/template-db'
import { statementsFor } from './store'
import { BODY, ManualClock, START_MS, settle } from './test/harness'
import type { EngineConfig } from './types'

const LATENCY_MS = 400

/** N keys left in_progress by a dead server, their leases already over; a provider that counts calls in flight. */
function crashedWith(stuck: number) {
  const sqlite = freshEngineDatabase(1)
  const clock = new ManualClock()
  const inner = new SimulatedProvider({ database: ':memory:', clock, timing: { latencyMs: LATENCY_MS } })
  const stats = { calls: 0, inFlight: 0, maxInFlight: 0, keysCharged: new Map<string, number>() }
  const provider: PaymentProvider = {
    async charge(request) {
      stats.calls++
      stats.inFlight++
      stats.maxInFlight = Math.max(stats.maxInFlight, stats.inFlight)
      const key = request.providerKey ?? ''
      stats.keysCharged.set(key, (stats.keysCharged.get(key) ?? 0) + 1)
      try {
        return await inner.charge(request)
      } finally {
        stats.inFlight--
      }
    },
    lookup: (k) => inner.lookup(k),
    refund: (r) => inner.refund(r),
    ledger: (a) => inner.ledger(a),
  }
  const store = statementsFor(sqlite)
  const requestBody = canonicalJson(BODY)
  for (let i = 0; i < stuck; i++)
    store.claim.run({
      scope: 17,
      key: `stuck-${String(i).padStart(3, '0')}`,
      operation: 'create_payment',
      bodyHash: sha256Hex(requestBody),
      requestBody,
      providerKey: `pk_stuck_${i}`,
      leaseUntilMs: START_MS - 1,
      createdAtMs: START_MS - 30_000,
      expiresAtMs: START_MS + 86_400_000,
    })
  const engine = ({
    recoveryConcurrency,
    ...config
  }: Partial<EngineConfig> & { recoveryConcurrency?: number }): Engine =>
    createEngine({ sqlite, clock, provider, config, ...(recoveryConcurrency ? { recoveryConcurrency } : {}) })
  const statuses = () =>
    sqlite
      .prepare<[], { status: string }>('SELECT status FROM idempotency_keys')
      .all()
      .map((r) => r.status)
  const allCompleted = () => statuses().every((s) => s === 'completed')
  /** Advances the clock until every key is completed; returns the virtual ms it took. */
  const recoveredAfterMs = async (maxMs = 60_000) => {
    await settle()
    let elapsed = 0
    while (!allCompleted() && elapsed < maxMs) {
      await clock.advance(10)
      elapsed += 10
    }
    return elapsed
  }
  return { sqlite, clock, inner, stats, engine, statuses, recoveredAfterMs }
}

describe('lease recovery', () => {
  it('re-drives 10 stuck keys at most 3 at a time and never waits on one key before starting the next', async () => {
    const crash = crashedWith(10)
    const pass = crash.engine({ recoveryConcurrency: 3 }).recoverLeases()
    await settle()
    // All three slots are busy at once, in the pass's first tick.
    expect(crash.stats.inFlight).toBe(3)
    const tookMs = await crash.recoveredAfterMs()
    const report = await pass
    expect(crash.stats.maxInFlight).toBe(3)
    expect(tookMs).toBe(Math.ceil(10 / 3) * LATENCY_MS)
    expect(report).toEqual({ sweep: 'lease-recovery', examined: 10, settled: 10, remaining: 0 })
    expect(crash.inner.chargeCount()).toBe(10)
    expect(crash.stats.calls).toBe(10)
  })

  it('with the default concurrency (32) re-drives 20 stuck keys together: one provider latency for all', async () => {
    const crash = crashedWith(20)
    void crash.engine({}).recoverLeases()
    expect(await crash.recoveredAfterMs()).toBe(LATENCY_MS)
    expect(crash.stats.maxInFlight).toBe(20)
    expect(crash.inner.chargeCount()).toBe(20)
  })

  it('serial-recovery (the flaw) re-drives one key after another: N provider latencies', async () => {
    const crash = crashedWith(5)
    void crash.engine({ flaws: ['serial-recovery'] }).recoverLeases()
    expect(await crash.recoveredAfterMs()).toBe(5 * LATENCY_MS)
    expect(crash.stats.maxInFlight).toBe(1)
  })

  it('an overlapping pass of the same engine drives no key twice and shares the bound', async () => {
    const crash = crashedWith(10)
    const engine = crash.engine({ recoveryConcurrency: 4 })
    const first = engine.recoverLeases()
    await crash.clock.advance(100)
    // Keys 5–10 are still queued (expired leases): the second pass must leave them to the first.
    const second = engine.recoverLeases()
    await crash.recoveredAfterMs()
    await Promise.all([first, second])
    expect(crash.stats.maxInFlight).toBeLessThanOrEqual(4)
    expect(crash.stats.calls).toBe(10)
    expect([...crash.stats.keysCharged.values()].every((n) => n === 1)).toBe(true)
    expect(crash.inner.chargeCount()).toBe(10)
  })

  it('two servers recovering at the same time: each takeover has one winner, each key one provider call', async () => {
    const crash = crashedWith(12)
    const one = crash.engine({ recoveryConcurrency: 5 })
    const two = crash.engine({ recoveryConcurrency: 5 })
    const passes = [one.recoverLeases(), two.recoverLeases()]
    await crash.recoveredAfterMs()
    const reports = await Promise.all(passes)
    expect(crash.stats.calls).toBe(12)
    expect([...crash.stats.keysCharged.values()].every((n) => n === 1)).toBe(true)
    expect(reports.reduce((sum, r) => sum + r.settled, 0)).toBe(12)
    expect(crash.stats.maxInFlight).toBeLessThanOrEqual(10)
  })

  it('a retry while the sweep holds the key gets 409 and charges nothing; after the re-drive it replays 201', async () => {
    const crash = crashedWith(1)
    const engine = crash.engine({})
    void engine.recoverLeases()
    await settle()
    const during = await engine.createPayment({ accountId: 17, key: 'stuck-000', body: BODY })
    expect(during).toMatchObject({ status: 409, retryAfterS: 1 })
    await crash.recoveredAfterMs()
    const after = await engine.createPayment({ accountId: 17, key: 'stuck-000', body: BODY })
    expect(after).toMatchObject({ status: 201, replayed: true })
    expect(crash.stats.calls).toBe(1)
  })
})
