// What every protocol step works with: the engine's ports (store, clock, provider,
// trace, fault hooks), its config, and `steps` — the composed record of step functions
// (the correct ones, with a flaw's replacements on top). Steps call each other through
// `e.steps` wherever a flaw may replace the callee.
//
// The store answers `Maybe<T>`: each call site awaits only a Promise
// (`isPending(x) ? await x : x`), never a plain value, so the synchronous SQLite store
// runs the protocol tick for tick as if it called its statements directly (the simulator's
// goldens depend on that), and no transaction is ever open across an `await`.
import { sha256Hex } from '../canonical'
import type { EngineStep, FaultHooks, StepContext } from '../faults'
import type { PaymentProvider } from '../provider'
import type { CreatePaymentBody } from '../schemas'
import type { EngineStore, KeyRow, Maybe, Operation } from '../store-port'
import type { TraceEventKind } from '../trace'
import type { TracedTable, TraceSink } from '../trace-sink'
import type { Clock, EngineConfig, EngineResponse, SweepKind } from '../types'
import type { RecoveryState } from './recovery-slots'
import type { Steps } from './steps'

export interface EngineContext {
  /** The store port: SQLite (synchronous) or PostgreSQL (asynchronous). */
  readonly store: EngineStore
  readonly clock: Clock
  readonly provider: PaymentProvider
  readonly config: EngineConfig
  /** This server instance's lane in the trace ('server-1'). */
  readonly actor: string
  readonly trace: TraceSink | undefined
  readonly faults: FaultHooks | undefined
  readonly steps: Steps
  /** The caller's URL for a payment (the `Location` header); none, no header. */
  readonly paymentUrl: ((paymentId: number) => string) | undefined
  /** 'req-1', 'req-2' … for calls that do not name themselves. */
  nextRequestId(): string
  /** Lease recovery's re-drive slots and the keys its passes hold (shared by overlapping passes). */
  readonly recovery: RecoveryState
}

/** Who is asking, for the trace and the fault hooks. */
export interface Req extends StepContext {
  /** The stored scope: the account (see `scopeFor`). */
  scope: number
  hash: string
  waitMs?: number
}

export type PaymentIntent = CreatePaymentBody
export interface RefundIntent {
  amount: number
  paymentId: number
}

/** Thrown by a completing step when the fenced update finds another attempt owns the key. */
export class LeaseLost extends Error {}

/**
 * Reports a named step to the fault hooks. Live (no hooks) it returns undefined; the
 * simulator returns its latency or a crash that never resolves. Always `await` it.
 */
export function reach(e: EngineContext, step: EngineStep, req: StepContext): Promise<void> | undefined {
  return e.faults?.reached(step, req)
}

export interface TraceExtra {
  from?: string
  to?: string
  chargeId?: string
  providerKey?: string | null
  sweep?: SweepKind
  status?: number
}

/** One trace event (no-op live). The sentence comes from narration.ts. */
export function record(
  e: EngineContext,
  kind: TraceEventKind,
  req: Req | undefined,
  detail: string,
  extra: TraceExtra = {},
  touched?: readonly TracedTable[],
): void {
  if (!e.trace) return
  e.trace.record(
    {
      actor: e.actor,
      kind,
      detail,
      ...(req
        ? { requestId: req.requestId, accountId: req.accountId, key: req.key, bodyHash: req.hash }
        : {}),
      ...extra,
    },
    touched,
  )
}

/** A commit arrow to the database; the recorder snapshots the touched tables. */
export function commit(
  e: EngineContext,
  req: Req | undefined,
  detail: string,
  touched: readonly TracedTable[],
): void {
  record(e, 'commit', req, detail, { from: e.actor, to: 'db' }, touched)
}

export function keyRow(e: EngineContext, scope: number, key: string): Maybe<KeyRow | undefined> {
  return e.store.getKey(scope, key)
}

/** A key row is live unless it is completed and past its TTL (then a request is a new intent). */
export function isLive(row: KeyRow, nowMs: number): boolean {
  return !(row.status === 'completed' && row.expires_at_ms <= nowMs)
}

/** Derived from the key row (scope, key, claim time): a new intent after expiry gets a new one. */
export function providerKeyFor(
  operation: Operation,
  scope: number,
  key: string,
  createdAtMs: number,
): string {
  return `pk_${sha256Hex(`${operation}:${scope}:${key}:${createdAtMs}`).slice(0, 20)}`
}

export function newReq(
  e: EngineContext,
  accountId: number,
  key: string,
  hash: string,
  requestId: string | undefined,
  waitMs?: number,
): Req {
  return {
    requestId: requestId ?? e.nextRequestId(),
    accountId,
    key,
    scope: e.steps.scopeFor(e, accountId),
    hash,
    ...(waitMs !== undefined ? { waitMs } : {}),
  }
}

/** A sweep or webhook acting on a stored row. */
export function sweepReq(row: KeyRow, requestId: string): Req {
  return { requestId, accountId: row.account_id, key: row.key, scope: row.account_id, hash: row.body_hash }
}

/** Where the created payment lives (the caller's URL builder; undefined for refunds). */
export function locationFor(e: EngineContext, row: KeyRow): string | undefined {
  return row.operation === 'create_payment' && row.resource_id !== null
    ? e.paymentUrl?.(row.resource_id)
    : undefined
}

export type Answer = Promise<EngineResponse>
