// The idempotent payment engine: wiring and public API. Claim before effect: one
// atomic insert of (account, key) before any side effect; the provider is called with
// OUR key; success is one transaction (payment row + stored response + key completed).
//
// Read the correct flow top to bottom in protocol/: claim.ts → answers.ts →
// payment.ts (refund.ts) → sweeps.ts; narration.ts holds the trace's sentences. Each
// classic mistake is a module in flaws/ that replaces the steps it changes; this file
// is the only place that turns the config's flaw list into steps.
import type Database from 'better-sqlite3'
import { DEFAULT_RECOVERY_CONCURRENCY } from './constants'
import type { FaultHooks } from './faults'
import { FLAW_STEPS } from './flaws'
import type { EngineContext } from './protocol/context'
import { correctSteps } from './protocol/correct'
import { createPayment } from './protocol/payment'
import { recoveryState } from './protocol/recovery-slots'
import { refundPayment } from './protocol/refund'
import type { Steps } from './protocol/steps'
import { handleWebhook, reapExpiredKeys, reconcile } from './protocol/sweeps'
import type { PaymentProvider } from './provider'
import type { EngineStore } from './store-port'
import { sqliteStore } from './store-sqlite'
import type { TraceSink } from './trace-sink'
import {
  type Clock,
  type CreatePaymentInput,
  type EngineConfig,
  type EngineResponse,
  engineConfig,
  type ProviderWebhook,
  type RefundPaymentInput,
  type SweepReport,
  type WebhookResult,
} from './types'

/**
 * Our database: a SQLite connection (the app's file live, an in-memory copy of the migrations
 * in the simulator), or any store port adapter (PostgreSQL: db/engine-store-pg.ts).
 */
export type EngineDatabase =
  | { sqlite: Database.Database; store?: never }
  | { store: EngineStore; sqlite?: never }

export type CreateEngineOptions = EngineDatabase & EngineOptions

export interface EngineOptions {
  clock: Clock
  provider: PaymentProvider
  /** Defaults to the correct engine; pass `{ flaws: [...] }` to switch mistakes on. */
  config?: Partial<EngineConfig>
  /** The caller's URL of a payment, for `Location` (live: the route's path). None: no Location. */
  paymentUrl?: (paymentId: number) => string
  /** Simulator only: latency and crashes at named steps. */
  faults?: FaultHooks
  /** Simulator only: records events and row snapshots. */
  trace?: TraceSink
  /** This server instance's lane in the trace ('server-1'). */
  actor?: string
  /**
   * Lease recovery: how many stuck keys this engine re-drives at once, over all its
   * passes (default DEFAULT_RECOVERY_CONCURRENCY, 32). Live: DRILL_RECOVERY_CONCURRENCY.
   */
  recoveryConcurrency?: number
  /** Simulator only: collects the replaceable steps and config fields this engine used. */
  usage?: EngineUsage
}

/**
 * Which replaceable steps and config fields a run used. A variant that changes none of
 * them (a flaw whose steps never ran, a policy never consulted) runs exactly the same.
 */
export interface EngineUsage {
  steps: Set<keyof Steps>
  config: Set<keyof EngineConfig>
}

export interface Engine {
  readonly config: EngineConfig
  /** POST /payments with an Idempotency-Key. Never throws for expected outcomes. */
  createPayment(input: CreatePaymentInput): Promise<EngineResponse>
  /** POST /payments/{id}/refunds with its own Idempotency-Key. */
  refundPayment(input: RefundPaymentInput): Promise<EngineResponse>
  /**
   * Re-drives in_progress keys past their lease with the same provider key (one winner per key, in SQL),
   * concurrently: at most `recoveryConcurrency` at once, shared by overlapping passes.
   */
  recoverLeases(): Promise<SweepReport>
  /** Settles pending_unknown keys by asking the provider under our key. */
  reconcile(): Promise<SweepReport>
  /** Deletes completed keys past their TTL; never in_progress or pending_unknown. */
  reapExpiredKeys(): Promise<SweepReport>
  /** One pass of all three sweeps, in that order. */
  sweepOnce(): Promise<SweepReport[]>
  /** A provider webhook settling a charge made under our key. */
  handleWebhook(webhook: ProviderWebhook): Promise<WebhookResult>
}

/** The correct steps with each switched-on flaw's replacements laid over them. */
export function stepsFor(config: EngineConfig): Steps {
  return Object.assign({}, correctSteps, ...config.flaws.map((flaw) => FLAW_STEPS[flaw]))
}

/** The same steps and config, noting in `usage` each step called and each config field read. */
function observed(steps: Steps, config: EngineConfig, usage: EngineUsage): [Steps, EngineConfig] {
  const calls: Record<string, unknown> = {}
  for (const name of Object.keys(steps) as (keyof Steps)[]) {
    const step = steps[name] as (...args: unknown[]) => unknown
    calls[name] = (...args: unknown[]) => {
      usage.steps.add(name)
      return step.apply(steps, args)
    }
  }
  const reads = new Proxy(config, {
    get(target, field, receiver) {
      if (typeof field === 'string') usage.config.add(field as keyof EngineConfig)
      return Reflect.get(target, field, receiver)
    },
  })
  return [calls as unknown as Steps, reads]
}

export function createEngine(options: CreateEngineOptions): Engine {
  const config = engineConfig(options.config)
  const steps = stepsFor(config)
  const [usedSteps, usedConfig] = options.usage ? observed(steps, config, options.usage) : [steps, config]
  let requestCounter = 0
  const e: EngineContext = {
    store: options.store ?? sqliteStore(options.sqlite),
    clock: options.clock,
    provider: options.provider,
    config: usedConfig,
    actor: options.actor ?? 'server',
    trace: options.trace,
    faults: options.faults,
    steps: usedSteps,
    paymentUrl: options.paymentUrl,
    nextRequestId: () => `req-${++requestCounter}`,
    recovery: recoveryState(options.recoveryConcurrency ?? DEFAULT_RECOVERY_CONCURRENCY),
  }
  return {
    config,
    createPayment: (input) => createPayment(e, input),
    refundPayment: (input) => refundPayment(e, input),
    recoverLeases: () => e.steps.recoverLeases(e),
    reconcile: () => reconcile(e),
    reapExpiredKeys: () => reapExpiredKeys(e),
    async sweepOnce() {
      return [await e.steps.recoverLeases(e), await reconcile(e), await reapExpiredKeys(e)]
    },
    handleWebhook: (webhook) => handleWebhook(e, webhook),
  }
}
