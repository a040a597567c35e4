// The engine's public types: the ports it talks to the world through, its config
// (the correct engine is one configuration; each classic mistake is one switch),
// and the result every call returns. No Next, no wall clock, no Math.random.
import { DEFAULT_KEY_TTL_MS, DEFAULT_LEASE_MS, SWEEP_KINDS, type SweepKind } from './constants'
import type { FaultPoint } from './faults'
import { FLAWS, type Flaw } from './flaws/catalogue'

/** Time comes in from outside. Simulator: virtual time; live: `systemClock`. */
export interface Clock {
  /** Milliseconds since the epoch (virtual in the simulator). */
  nowMs(): number
  /** Resolves after `ms` of this clock's time. */
  sleep(ms: number): Promise<void>
}

/**
 * The classic mistakes, by the names the issue and the sandbox use: the ids of the flaw
 * catalogue (flaws/catalogue.ts), each a module flaws/<flaw>.ts replacing the protocol
 * steps it changes (engine.ts composes them).
 */
export { FLAWS, type Flaw }

/** What a duplicate that finds the key still in progress gets. */
export type InFlightPolicy =
  /** 409 problem with `Retry-After: retryAfterS`. */
  | { kind: 'reject-409'; retryAfterS: number }
  /** Hold the duplicate up to `maxWaitMs` for the first request's stored result (then 409). */
  | { kind: 'wait'; maxWaitMs: number; retryAfterS: number }

export interface EngineConfig {
  /** Switched-on mistakes; empty = the correct engine. */
  flaws: readonly Flaw[]
  inFlightPolicy: InFlightPolicy
  /** How long a claim protects its in_progress row before one retry may take it over. */
  leaseMs: number
  /** How long a key (and its stored response) is kept. */
  keyTtlMs: number
  /** Policy "wait": how often the waiting duplicate re-reads the row. */
  waitPollMs: number
  /**
   * How long an attempt that lost its lease mid-work waits for the key's stored answer before a
   * 409 (protocol/answers.ts `answerAfterLeaseLost`). Unset (the simulator's scenarios, whose
   * traces are golden): 0, it answers from the row at once. The live engine sets two leases, so
   * the request that won the claim answers with the key's outcome, never 409 for its own claim.
   */
  leaseLostWaitMs?: number
}

/** The correct engine. Lease 30 s and TTL 24 h are also the live defaults (DRILL_LEASE_MS, DRILL_KEY_TTL_MS). */
export const correctConfig: EngineConfig = Object.freeze({
  flaws: Object.freeze([]) as readonly Flaw[],
  inFlightPolicy: Object.freeze({ kind: 'reject-409', retryAfterS: 1 }) as InFlightPolicy,
  leaseMs: DEFAULT_LEASE_MS,
  keyTtlMs: DEFAULT_KEY_TTL_MS,
  waitPollMs: 10,
})

/** Fills a partial config from `correctConfig`. */
export function engineConfig(partial: Partial<EngineConfig> = {}): EngineConfig {
  return { ...correctConfig, ...partial, flaws: [...(partial.flaws ?? correctConfig.flaws)] }
}

export type ResponseKind =
  | 'created' // 201, first attempt (or a resumed one)
  | 'replayed' // a stored response returned again (any status); replayed = true
  | 'declined' // 402, first attempt
  | 'pending' // 202, unknown outcome (first attempt, or the current state on a retry)
  | 'in-flight' // 409 + Retry-After
  | 'mismatch' // 422, key reused with a different body
  | 'invalid' // 400, validation failed; nothing stored
  | 'not-found' // 404 (refund of a payment the account does not own)
  | 'over-refund' // 400, refund would exceed what was captured; nothing stored
  | 'not-refundable' // 409, the payment is not succeeded

/**
 * What one engine call answers. The live route maps it 1:1 to an HTTP response:
 * status, `body` as the exact bytes, `content-type`, `Idempotent-Replayed: true`
 * when `replayed`, `Retry-After` when `retryAfterS`, `Location` when `location`.
 */
export interface EngineResponse {
  kind: ResponseKind
  status: number
  /** Exact JSON text. A replay returns the stored text byte for byte. */
  body: string
  contentType: 'application/json' | 'application/problem+json'
  replayed: boolean
  retryAfterS?: number
  location?: string
}

/** A create-payment call. `body` is untrusted (validated by the engine, before anything is stored). */
export interface CreatePaymentInput {
  accountId: number
  /** The client's Idempotency-Key, already unquoted and checked by the HTTP layer (1–255 visible ASCII). */
  key: string
  body: unknown
  /** Overrides the policy's maxWaitMs for this call (HTTP `Prefer: wait=N`); forces the wait policy. */
  waitMs?: number
  /** Names the request in the trace ('A', 'A-retry-1'); optional live. */
  requestId?: string
}

export interface RefundPaymentInput {
  accountId: number
  key: string
  paymentId: number
  /** `{ amount }`, untrusted. */
  body: unknown
  waitMs?: number
  requestId?: string
}

/** The sweeps, in the order `sweepOnce` runs them (defined with the constants, which the browser may load). */
export { SWEEP_KINDS, type SweepKind }

/** What a sweep did, for logs, `npm run sweep` and the trace. */
export interface SweepReport {
  sweep: SweepKind
  /** Keys looked at. */
  examined: number
  /** Keys moved to a final state (completed) or purged (reaper). */
  settled: number
  /** Keys still not final after this pass (e.g. provider still unknown). */
  remaining: number
}

/** A provider webhook: the provider telling us how a charge under our key ended. */
export interface ProviderWebhook {
  providerKey: string
  outcome: 'succeeded' | 'declined'
  chargeId?: string
}

export interface WebhookResult {
  /** 'settled' when it moved a pending_unknown key to completed; 'ignored' when nothing was pending. */
  kind: 'settled' | 'ignored' | 'unknown-key'
}

export type { FaultPoint }
