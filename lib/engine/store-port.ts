// The engine's store port. Every method is one whole atomic step — one statement, or one
// transaction that begins and commits inside the call — so the protocol never holds a
// transaction open across an `await`. Two adapters implement it:
//   store-sqlite.ts       synchronous (better-sqlite3): the simulator and the default app;
//   db/engine-store-pg.ts asynchronous (node-postgres), outside the sealed engine.
// A method answers `Maybe<T>`: a plain value from the SQLite adapter, a Promise from
// PostgreSQL. The protocol awaits only a Promise (`isPending`): an `await` of a plain value
// still costs a microtask tick, and extra ticks would reorder concurrent simulated steps.
//
// Concurrency is decided in SQL, never by a read followed by a write: the claim is one
// conditional insert (`INSERT … ON CONFLICT … DO UPDATE … WHERE`), and every later decision
// (takeover, reopen, completion) one update fenced by `lease_version`. Both adapters run the
// same statements; PostgreSQL at READ COMMITTED, retrying serialization failures and
// deadlocks (40001 / 40P01) inside the adapter.

/** Sweeps handle at most this many keys per pass. */
export const SWEEP_BATCH = 500

export type KeyStatus = 'in_progress' | 'completed' | 'pending_unknown'
export type Operation = 'create_payment' | 'refund_payment'
export type ResourceState = 'succeeded' | 'failed' | 'pending_unknown'

export interface KeyRow {
  account_id: number
  key: string
  operation: Operation
  status: KeyStatus
  body_hash: string
  request_body: string
  provider_key: string
  lease_until_ms: number
  lease_version: number
  created_at_ms: number
  expires_at_ms: number
  response_status: number | null
  response_body: string | null
  resource_id: number | null
}

export interface PaymentRow {
  id: number
  account_id: number
  order_id: string
  amount_minor: number
  currency: string
  state: ResourceState
  failure_code: string | null
  provider_charge_id: string | null
  idempotency_key: string
  refunded_minor: number
  created_at_ms: number
  updated_at_ms: number
}

export interface RefundRow {
  id: number
  payment_id: number
  account_id: number
  amount_minor: number
  state: ResourceState
  provider_refund_id: string | null
  idempotency_key: string
  created_at_ms: number
}

/** A new key row: in_progress, lease version 0. */
export interface NewClaim {
  scope: number
  key: string
  operation: Operation
  bodyHash: string
  requestBody: string
  providerKey: string
  leaseUntilMs: number
  createdAtMs: number
  expiresAtMs: number
}

/** The claim's outcome: `won` with the row it wrote, or the existing row it conflicted with. */
export interface Claimed {
  won: boolean
  row: KeyRow
}

/** A refund's reservation on its payment, made in the claim's transaction. */
export interface RefundReservation {
  paymentId: number
  accountId: number
  amountMinor: number
}

/** The claim rolled back: the payment cannot give the amount. */
export type RefundRejection =
  | { rejected: 'not-refundable'; state: ResourceState }
  | { rejected: 'over-refund'; amountMinor: number; refundedMinor: number }

/** Moves an expired in_progress lease to the caller (fenced on `version`). */
export interface LeaseTakeover {
  scope: number
  key: string
  version: number
  nowMs: number
  leaseUntilMs: number
}

/** pending_unknown → in_progress under a new lease (fenced on `version`). */
export interface PendingReopen {
  scope: number
  key: string
  version: number
  leaseUntilMs: number
}

/**
 * Which update completes a key row: only the attempt holding `version` (the correct engine),
 * or whatever is there (the blind flaws; the SQLite store only).
 */
export type KeyFence = 'lease-version' | 'none'

/** The completing update of a key row; its response body and resource id come from the row written with it. */
export interface KeyCompletion {
  scope: number
  key: string
  version: number
  status: KeyStatus
  responseStatus: number
  /** The TTL counted again from the stored answer (the later of this and the claim's expiry). */
  expiresAtMs: number
  fence: KeyFence
}

/** The payment row a completion writes: a new row, or the pending_unknown row (`id`) settled in place. */
export interface PaymentWrite {
  id: number | null
  accountId: number
  orderId: string
  amountMinor: number
  currency: string
  idempotencyKey: string
  state: ResourceState
  failureCode: string | null
  chargeId: string | null
  nowMs: number
}

/** One transaction: the payment row, the stored response and the key's completion. */
export interface PaymentCompletion {
  payment: PaymentWrite
  key: KeyCompletion
  /** The stored response, built from the payment row as written (pure; runs inside the transaction). */
  responseBody(payment: PaymentRow): string
}

/** The refund row a completion writes: a new row, or the pending_unknown row (`id`) settled in place. */
export interface RefundWrite {
  id: number | null
  paymentId: number
  accountId: number
  amountMinor: number
  idempotencyKey: string
  state: ResourceState
  providerRefundId: string | null
  nowMs: number
}

/** One transaction: the refund row, the stored response and the key's completion. */
export interface RefundCompletion {
  refund: RefundWrite
  key: KeyCompletion
  responseBody(refund: RefundRow): string
}

/** What a completion stored: the resource's id and the response body on the key row. */
export interface Completed {
  resourceId: number
  responseBody: string
}

/**
 * Called right after a step's COMMIT, before the adapter returns (or its Promise resolves):
 * where the protocol records the trace's commit event, so its row snapshot is the rows as
 * of that commit.
 */
export type OnCommit<T> = (result: T) => void

export type Maybe<T> = T | Promise<T>

/** Whether a port call answered with a Promise (await it) or a plain value (use it as is). */
export function isPending<T>(value: Maybe<T>): value is Promise<T> {
  return value instanceof Promise
}

export interface EngineStore {
  getKey(scope: number, key: string): Maybe<KeyRow | undefined>
  /**
   * The atomic claim, one statement: a new (scope, key) inserts; a completed row past its TTL
   * is replaced by the new intent (lease_version + 1); anything else changes nothing and the
   * existing row is returned.
   */
  claim(claim: NewClaim): Maybe<Claimed>
  /** The claim and, when it wins, the refund's reservation, in one transaction (both or neither). */
  claimRefund(claim: NewClaim, reservation: RefundReservation): Maybe<Claimed | RefundRejection>
  /** The row after the takeover when this caller won it; undefined when another did (or it moved on). */
  takeOver(takeover: LeaseTakeover, committed?: OnCommit<KeyRow>): Maybe<KeyRow | undefined>
  reopenPending(reopen: PendingReopen): Maybe<boolean>
  /** Undefined when the fence held the write back (another attempt owns the key): nothing written. */
  completePayment(
    completion: PaymentCompletion,
    committed?: OnCommit<Completed>,
  ): Maybe<Completed | undefined>
  completeRefund(completion: RefundCompletion, committed?: OnCommit<Completed>): Maybe<Completed | undefined>
  getPayment(id: number): Maybe<PaymentRow | undefined>
  /** Sweeps read at most SWEEP_BATCH rows a pass, oldest first. */
  expiredLeases(nowMs: number): Maybe<KeyRow[]>
  pendingKeys(): Maybe<KeyRow[]>
  reapableKeys(nowMs: number): Maybe<KeyRow[]>
  /** Deletes these rows if still completed and expired (never in_progress or pending_unknown); how many went. */
  reap(rows: readonly KeyRow[], nowMs: number, committed?: OnCommit<number>): Maybe<number>
  /** The pending_unknown key a webhook settles (what the partial index serves). */
  pendingByProviderKey(providerKey: string): Maybe<KeyRow | undefined>
  knowsProviderKey(providerKey: string): Maybe<boolean>
}

/** The same methods answering plain values: the SQLite adapter. */
export type SyncEngineStore = {
  [M in keyof EngineStore]: EngineStore[M] extends (...args: infer A) => Maybe<infer R>
    ? (...args: A) => R
    : never
}

/**
 * The writes only the flaws make (the live engine runs no flaw, so only the SQLite adapter
 * has them): blind writes with no conflict check, and the two halves of a split commit.
 */
export interface FlawStore {
  /** INSERT OR REPLACE of the key row (and the refund's reservation, in one transaction). */
  claimBlind(claim: NewClaim, reservation?: RefundReservation): RefundRejection | undefined
  /** The blind claim, the payment and the key's completion in one transaction. */
  claimBlindAndCompletePayment(claim: NewClaim, completion: PaymentCompletion): Completed | undefined
  /** The payment row alone, in its own transaction; the row as written. */
  writePayment(payment: PaymentWrite): PaymentRow
  /** The key's completion alone; false when the fence held it back. */
  completeKey(key: KeyCompletion, resourceId: number, responseBody: string): boolean
}

export function isFlawStore(store: EngineStore): store is EngineStore & SyncEngineStore & FlawStore {
  return 'claimBlind' in store
}
