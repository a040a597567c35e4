// Test harness: the engine on a fresh in-memory database (same migrations), a
// hand-cranked clock and a provider whose calls the test can hold and release.
import type Database from 'better-sqlite3'
import { createEngine, type Engine } from '../engine'
import type { ChargeOutcome, ChargeRequest, PaymentProvider } from '../provider'
import { type ProviderBehaviour, SimulatedProvider } from '../provider-sim'
import { freshEngineDatabase } from '../sim/template-db'
import type { KeyRow } from '../store-port'
import type { Clock, EngineConfig } from '../types'

export const START_MS = Date.parse('2026-01-05T10:00:00.000Z')

/** Time moves only when the test says so; `sleep` waits for `advance`. */
export class ManualClock implements Clock {
  private timers: { atMs: number; resolve: () => void }[] = []
  constructor(public now = START_MS) {}
  nowMs(): number {
    return this.now
  }
  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve()
    return new Promise((resolve) => this.timers.push({ atMs: this.now + ms, resolve }))
  }
  /** Moves time forward, firing due timers in order and letting their continuations run. */
  async advance(ms: number): Promise<void> {
    // Let calls started just before this reach their first sleep at the current time.
    await settle()
    const target = this.now + ms
    for (;;) {
      this.timers.sort((a, b) => a.atMs - b.atMs)
      const next = this.timers[0]
      if (!next || next.atMs > target) break
      this.timers.shift()
      this.now = next.atMs
      next.resolve()
      await settle()
    }
    this.now = target
    await settle()
  }
}

export const settle = () => new Promise<void>((resolve) => setImmediate(resolve))

export const BODY = { orderId: '42', amount: 2500, currency: 'USD', paymentMethodToken: 'token-9' }
export const KEY = '7c1a0e44-2b19-4f6a-9d30-1a8e5b6c7d90'

export interface Harness {
  sqlite: Database.Database
  clock: ManualClock
  provider: SimulatedProvider
  /** Every charge request the provider saw. */
  calls: ChargeRequest[]
  engine: Engine
  /** Another engine instance on the same database (a second server). */
  second: () => Engine
  keyRow: (accountId: number, key: string) => KeyRow | undefined
  count: (table: string) => number
}

export function harness(
  options: {
    config?: Partial<EngineConfig>
    behaviour?: (r: ChargeRequest) => ProviderBehaviour
    latencyMs?: number
  } = {},
): Harness {
  const sqlite = freshEngineDatabase(88)
  const clock = new ManualClock()
  const calls: ChargeRequest[] = []
  const provider = new SimulatedProvider({
    database: ':memory:',
    clock,
    behaviour: options.behaviour ?? (() => ({ kind: 'ok' })),
    timing: { latencyMs: options.latencyMs ?? 0, slowMs: 2000, timeoutMs: 1000 },
  })
  const recording: PaymentProvider = {
    charge: (r) => {
      calls.push(r)
      return provider.charge(r)
    },
    lookup: (k) => provider.lookup(k),
    refund: (r) => provider.refund(r),
    ledger: (a) => provider.ledger(a),
  }
  const make = () =>
    createEngine({
      sqlite,
      clock,
      provider: recording,
      paymentUrl: (id) => `/api/payments/${id}`,
      ...(options.config ? { config: options.config } : {}),
    })
  return {
    sqlite,
    clock,
    provider,
    calls,
    engine: make(),
    second: make,
    keyRow: (accountId, key) =>
      sqlite
        .prepare<[number, string], KeyRow>('SELECT * FROM idempotency_keys WHERE account_id = ? AND key = ?')
        .get(accountId, key),
    count: (table) => (sqlite.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n,
  }
}

/** Runs an engine call while advancing the clock until it answers. */
export async function until<T>(
  clock: ManualClock,
  promise: Promise<T>,
  stepMs = 10,
  maxMs = 120_000,
): Promise<T> {
  let done = false
  let value: T | undefined
  void promise.then((v) => {
    done = true
    value = v
  })
  await settle()
  for (let elapsed = 0; !done && elapsed < maxMs; elapsed += stepMs) await clock.advance(stepMs)
  if (!done) throw new Error('engine call did not finish')
  return value as T
}

export type { ChargeOutcome }
