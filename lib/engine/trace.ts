// The trace: the one data shape that flows engine/simulator → invariant checker →
// timeline diagram → Mermaid and JSON export. Plain JSON, versioned, small.
// Owned by the engine; the timeline and the checker only read it.
import type { SweepKind } from './types'

export const TRACE_VERSION = 1 as const

export type ActorKind =
  | 'client'
  | 'server'
  | 'database'
  | 'provider'
  | 'sweeper'
  // the lease protocol's lanes (lib/engine/lease)
  | 'lock-service'
  | 'storage'

/** Which protocol a trace is of: absent = payments (the payment engine's traces never carry it). */
export type ProtocolId = 'payments' | 'lease'

/** A lane in the timeline. `id` is what events name, e.g. 'client-A', 'server-1', 'db', 'provider'. */
export interface TraceActor {
  id: string
  kind: ActorKind
  label: string
}

/**
 * What happened. Messages between actors carry `from` and `to` (drawn as arrows);
 * everything else is a mark on its actor's lane.
 */
export type TraceEventKind =
  | 'request-sent' // client → server
  | 'request-received'
  | 'validation-failed'
  | 'claim-inserted' // server → db: the atomic insert won (first attempt)
  | 'claim-conflict' // the insert hit an existing row (detail says which branch)
  | 'claim-lookup' // select-then-insert flaw: the select that sees nothing
  | 'lease-takeover' // an expired in_progress row taken over by one retry
  | 'provider-call' // server → provider
  | 'provider-accepted' // provider → server (or kept by the provider when the reply is lost)
  | 'provider-declined'
  | 'provider-timeout' // unknown outcome: drawn open until settled
  | 'provider-unavailable'
  | 'provider-deduped' // the provider recognised our key and returned the first charge
  | 'provider-lookup' // settle an unknown outcome by asking the provider
  | 'webhook'
  | 'commit' // a transaction committed; `rows` holds what changed
  | 'response-sent' // server → client
  | 'response-lost' // the network dropped it; the client never sees it
  | 'response-received'
  | 'client-timeout'
  | 'client-retry'
  | 'wait' // policy "wait": blocked on the in-flight row
  | 'crash' // a server instance died at a named fault point: its lifeline is cut
  | 'restart'
  | 'clock-jump'
  | 'sweep' // lease recovery, reconciliation or the reaper ran
  | 'key-expired' // the reaper purged a completed key
  | 'note'
  | 'claim-replay' // a duplicate got the stored response (detail names status)
  // ── the lease protocol (lib/engine/lease) ──
  | 'lock-acquire' // client → lock service
  | 'lock-granted' // lock service → client: `token`, `leaseUntilMs`
  | 'lock-refused' // lock service → client: another holder's lease runs
  | 'lease-renew' // client → lock service
  | 'lease-renewed'
  | 'renew-refused'
  | 'lock-release' // client → lock service
  | 'lock-released' // the lock service frees the lock its holder released
  | 'lease-expired' // the lock service's lease (plus the clock bound) ran out: the lock is free
  | 'lease-check' // the client reads its own clock: is its lease still running?
  | 'write-sent' // client → storage, with the client's token (or none)
  | 'write-accepted' // storage → client
  | 'write-refused' // storage → client: the token is lower than the highest it accepted
  | 'pause' // a client stops (a garbage-collection pause, a VM migration)
  | 'resume'
  | 'clock-drift' // a client's clock runs fast or slow

export interface KeyRowView {
  accountId: number
  key: string
  status: 'in_progress' | 'completed' | 'pending_unknown'
  bodyHash: string
  /** Short label for the hash as the card names it: 'h1', 'h2', … */
  bodyHashLabel: string
  leaseUntilMs: number
  expiresAtMs: number
  responseStatus: number | null
  /** The stored response body (JSON text), or null while empty. */
  responseBody: string | null
  /** When this claim was made (a re-claim after expiry is a new intent). */
  createdAtMs?: number
  /** The payment (or refund) id this key produced, once known. */
  resourceId?: number | null
  operation?: 'create_payment' | 'refund_payment'
}

export interface RefundRowView {
  id: number
  paymentId: number
  accountId: number
  amountMinor: number
  state: 'succeeded' | 'failed' | 'pending_unknown'
}

export interface PaymentRowView {
  id: number
  accountId: number
  orderId: string
  amountMinor: number
  currency: string
  state: 'succeeded' | 'failed' | 'pending_unknown'
  /** The client key that created it, and when. */
  idempotencyKey?: string
  /** The provider charge it records (null while unknown or declined). */
  providerChargeId?: string | null
  createdAtMs?: number
  refundedMinor?: number
}

export interface LedgerRowView {
  chargeId: string
  /** The idempotency key we passed downstream, or null when none was passed (flaw). */
  providerKey: string | null
  accountId: number
  amountMinor: number
  currency: string
  status: 'succeeded' | 'refunded'
  /** 'charge' (money in) or 'refund' (money out); absent = charge. */
  kind?: 'charge' | 'refund'
}

/** Rows as they stand after a commit: only the tables the commit touched are present. */
export interface RowSnapshot {
  idempotencyKeys?: KeyRowView[]
  payments?: PaymentRowView[]
  ledger?: LedgerRowView[]
  refunds?: RefundRowView[]
}

export interface TraceEvent {
  /** Index in `events`; violations point at it. */
  i: number
  /** Virtual ms since the scenario start (scenario clock starts at 10:00:00.000). */
  tMs: number
  actor: string
  kind: TraceEventKind
  /** The client request this belongs to (e.g. 'A', 'A-retry-1', 'B'). */
  requestId?: string
  /** For messages: the other end. */
  from?: string
  to?: string
  /** One readable sentence: "retry finds the completed key and replays 201". */
  detail: string
  /** HTTP status for response events. */
  status?: number
  /** Full table contents after a commit (each table present = its whole content). */
  rows?: RowSnapshot
  // ── added for the checker (all optional) ──
  /** The account and client key the request carries (not the stored scope). */
  accountId?: number
  key?: string
  /** 'h1', 'h2' … for the request's body hash, in order of first sight in the trace. */
  bodyHashLabel?: string
  /** Provider events: the ledger entry involved. */
  chargeId?: string
  /** Provider events: the downstream key passed (null = none passed). */
  providerKey?: string | null
  /** Response events: the exact body text and whether it was a stored replay. */
  responseBody?: string
  replayed?: boolean
  /** Sweep events: which sweep. */
  sweep?: SweepKind
  /** Crash events: the named step the server died at. */
  step?: string
  // ── the lease protocol (all optional) ──
  /** The fencing token: of the grant, or of the holder that sent a write (even when it sent none). */
  token?: number
  /** Grants and renewals: the lease's end on the lock service's clock (virtual ms). */
  leaseUntilMs?: number
  /** Storage answers: the highest token it has accepted after this write (null: none yet). */
  highestToken?: number | null
}

/** Every response a client received (lost ones are not received). */
export interface ClientResponse {
  tMs: number
  requestId: string
  accountId: number
  key: string
  status: number
  /** Parsed JSON body. */
  body: unknown
  replayed: boolean
}

export interface Trace {
  version: typeof TRACE_VERSION
  scenario: string
  seed: number
  /** Wall-clock label of tMs = 0, e.g. '10:00:00.000' (display only). */
  clockStart: string
  actors: TraceActor[]
  events: TraceEvent[]
  responses: ClientResponse[]
  /** Charges in the provider's ledger at the end of the run. */
  charges: number
  /** The engine configuration the run used (flaws, policy, lease, TTL). */
  config?: {
    flaws: string[]
    inFlightPolicy: { kind: string; maxWaitMs?: number; retryAfterS: number }
    leaseMs: number
    keyTtlMs: number
  }
  /** Epoch ms of tMs = 0 (the scenario's start instant, e.g. 2026-01-05T10:00:00.000Z). */
  startMs?: number
  /** Absent for payments; 'lease' for the lease protocol's traces (`charges` is 0 there). */
  protocol?: 'lease'
  /** The lease protocol's configuration (flaws, lease, clock bound, the lock's name). */
  lease?: { lock: string; flaws: string[]; leaseMs: number; clockBoundMs: number }
}
