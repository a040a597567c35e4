// A simulated payment service provider with its own idempotency keys and ledger in
// ITS OWN database (provider-ledger.ts: SQLite in memory in the simulator, a separate
// file live, or PostgreSQL shared by several app instances): an external system shares
// no transaction with us. Behaviour is chosen per charge by a function the caller
// passes (the simulator: by scenario; live: by test token). The ledger's answers are
// awaited only when they are Promises, so the SQLite ledger keeps the simulator's schedule.
import type Database from 'better-sqlite3'
import type {
  ChargeOutcome,
  ChargeRequest,
  LedgerEntry,
  LookupOutcome,
  PaymentProvider,
  RefundOutcome,
  RefundRequest,
} from './provider'
import {
  type LedgerWritten,
  type ProviderKeyRecord,
  type ProviderLedger,
  type SqliteProviderLedger,
  sqliteProviderLedger,
} from './provider-ledger'
import { type LedgerSqlRow, providerPool } from './provider-sim-db'
import { isPending, type Maybe } from './store-port'
import type { LedgerRowView, TraceEventKind } from './trace'
import type { TraceInput, TraceSink } from './trace-sink'
import type { Clock } from './types'

export type ProviderBehaviourKind = 'ok' | 'decline' | 'slow' | 'timeout-after-accept' | 'unavailable'

export interface ProviderBehaviour {
  kind: ProviderBehaviourKind
  /** The provider sends a webhook this long after it settles the charge (needs `onWebhook`). */
  webhookAfterMs?: number
}

export interface ProviderTiming {
  /** How long an ok/decline charge takes. */
  latencyMs: number
  /** How long a 'slow' charge takes (then succeeds). */
  slowMs: number
  /** 'timeout-after-accept': our call gives up after this long (the money was taken at latencyMs). */
  timeoutMs: number
}

export const defaultProviderTiming: ProviderTiming = { latencyMs: 0, slowMs: 2000, timeoutMs: 1000 }

/** Live token rules (README): tok_decline, tok_slow, tok_timeout, anything else ok. */
export function behaviourForToken(request: ChargeRequest): ProviderBehaviour {
  switch (request.paymentMethodToken) {
    case 'tok_decline':
      return { kind: 'decline' }
    case 'tok_slow':
      return { kind: 'slow' }
    case 'tok_timeout':
      return { kind: 'timeout-after-accept' }
    default:
      return { kind: 'ok' }
  }
}

export interface SimulatedProviderOptions {
  /** The provider's own SQLite database: ':memory:' or a file path, or an open handle. */
  database?: string | Database.Database
  /** Or any ledger adapter (PostgreSQL: db/provider-ledger-pg.ts); then `database` is ignored. */
  ledger?: ProviderLedger
  clock: Clock
  behaviour?: (request: ChargeRequest) => ProviderBehaviour
  timing?: Partial<ProviderTiming>
  /** Called when the provider sends a webhook (live: engine.handleWebhook). */
  onWebhook?: (webhook: { providerKey: string; outcome: 'succeeded' | 'declined'; chargeId?: string }) => void
  trace?: TraceSink
  /** Prefix for charge ids, e.g. 'ch_' → ch_0001. */
  idPrefix?: string
}

/**
 * A provider event: the provider answering its caller about one request. The fields
 * keep the order the trace has always had (traces are compared byte for byte).
 */
function providerEvent(
  kind: TraceEventKind,
  request: ChargeRequest | RefundRequest,
  providerKey: string | null,
  rest: { chargeId?: string | undefined; detail: string },
): TraceInput {
  return {
    actor: 'provider',
    kind,
    from: 'provider',
    to: request.caller ?? 'server',
    requestId: request.requestId,
    accountId: request.accountId,
    ...(request.clientKey !== undefined ? { key: request.clientKey } : {}),
    providerKey,
    ...rest,
  }
}

export class SimulatedProvider implements PaymentProvider {
  /** The SQLite ledger, when the books are in SQLite (the simulator's snapshots read it). */
  private readonly sqlite: SqliteProviderLedger | undefined
  private readonly books: ProviderLedger
  private readonly clock: Clock
  private readonly behaviour: (request: ChargeRequest) => ProviderBehaviour
  private readonly timing: ProviderTiming
  private readonly onWebhook: SimulatedProviderOptions['onWebhook']
  private readonly trace: TraceSink | undefined
  private readonly idPrefix: string
  private readonly pooled: boolean

  constructor(options: SimulatedProviderOptions) {
    this.pooled = options.ledger === undefined && options.database === ':memory:'
    this.sqlite = options.ledger ? undefined : sqliteProviderLedger(options.database ?? ':memory:')
    this.books = options.ledger ?? this.sqlite!
    this.clock = options.clock
    this.behaviour = options.behaviour ?? (() => ({ kind: 'ok' }))
    this.timing = { ...defaultProviderTiming, ...options.timing }
    this.onWebhook = options.onWebhook
    this.trace = options.trace
    this.idPrefix = options.idPrefix ?? 'ch_'
  }

  /** The provider's SQLite database (absent when its ledger is elsewhere). */
  get db(): Database.Database {
    if (!this.sqlite) throw new Error("This provider's ledger is not in SQLite.")
    return this.sqlite.db
  }

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const behaviour = this.behaviour(request)
    if (behaviour.kind === 'unavailable') {
      if (this.timing.latencyMs > 0) await this.clock.sleep(this.timing.latencyMs)
      this.trace?.record(
        providerEvent('provider-unavailable', request, request.providerKey, {
          detail: 'the provider is unavailable (503): nothing was charged',
        }),
      )
      return { kind: 'unavailable' }
    }
    const takesMs = behaviour.kind === 'slow' ? this.timing.slowMs : this.timing.latencyMs
    // No latency, no timer: live, a 0 ms setTimeout would cost a millisecond per charge.
    if (takesMs > 0) await this.clock.sleep(takesMs)
    const settling = this.settleCharge(request, behaviour)
    const outcome = isPending(settling) ? await settling : settling
    if (behaviour.kind === 'timeout-after-accept') {
      // The money is taken; our side of the call gives up later without an answer.
      await this.clock.sleep(Math.max(0, this.timing.timeoutMs - takesMs))
      return { kind: 'timeout' }
    }
    return outcome
  }

  /** Applies one charge atomically in the provider's own books (dedupe on our key). */
  private settleCharge(request: ChargeRequest, behaviour: ProviderBehaviour): Maybe<ChargeOutcome> {
    const { providerKey } = request
    const found = providerKey !== null ? this.books.recordOf(providerKey) : undefined
    if (isPending(found)) return found.then((existing) => this.chargeOnce(request, behaviour, existing))
    return this.chargeOnce(request, behaviour, found)
  }

  private chargeOnce(
    request: ChargeRequest,
    behaviour: ProviderBehaviour,
    existing: ProviderKeyRecord | undefined,
  ): Maybe<ChargeOutcome> {
    if (existing) return this.dedupedCharge(request, existing)
    const { providerKey } = request
    if (behaviour.kind === 'decline') {
      if (providerKey === null) return this.declined(request, behaviour, undefined)
      const written = this.books.decline(providerKey)
      if (isPending(written)) return written.then((w) => this.declined(request, behaviour, w))
      return this.declined(request, behaviour, written)
    }
    const written = this.books.write({
      kind: 'charge',
      providerKey,
      accountId: request.accountId,
      amountMinor: request.amountMinor,
      currency: request.currency,
      refundedChargeId: null,
      nowMs: this.clock.nowMs(),
      chargePrefix: this.idPrefix,
    })
    if (isPending(written)) return written.then((w) => this.accepted(request, behaviour, w))
    return this.accepted(request, behaviour, written)
  }

  private dedupedCharge(request: ChargeRequest, existing: ProviderKeyRecord): ChargeOutcome {
    const { providerKey } = request
    this.trace?.record(
      providerEvent('provider-deduped', request, providerKey, {
        chargeId: existing.entryId ?? undefined,
        detail:
          existing.outcome === 'declined'
            ? `the provider recognises key ${providerKey} and repeats its decline: no new charge`
            : `the provider recognises key ${providerKey} and returns charge ${existing.entryId}: no new charge`,
      }),
    )
    return existing.outcome === 'declined'
      ? { kind: 'declined', failureCode: 'card_declined', deduped: true }
      : { kind: 'accepted', chargeId: existing.entryId ?? '', deduped: true }
  }

  private declined(
    request: ChargeRequest,
    behaviour: ProviderBehaviour,
    written: LedgerWritten | undefined,
  ): ChargeOutcome {
    if (written?.deduped) return this.dedupedCharge(request, written.record)
    this.trace?.record(
      providerEvent('provider-declined', request, request.providerKey, {
        detail: 'the provider declines the card (card_declined): no money moves',
      }),
    )
    this.scheduleWebhook(behaviour, request.providerKey, 'declined')
    return { kind: 'declined', failureCode: 'card_declined', deduped: false }
  }

  private accepted(
    request: ChargeRequest,
    behaviour: ProviderBehaviour,
    written: LedgerWritten,
  ): ChargeOutcome {
    if (written.deduped) return this.dedupedCharge(request, written.record)
    const { providerKey } = request
    const chargeId = written.record.entryId ?? ''
    this.trace?.record(
      providerEvent('provider-accepted', request, providerKey, {
        chargeId,
        detail:
          behaviour.kind === 'timeout-after-accept'
            ? `the provider takes the money as charge ${chargeId}, but its answer never reaches us`
            : providerKey === null
              ? `the provider accepts the charge as ${chargeId} (no idempotency key was passed)`
              : `the provider accepts the charge as ${chargeId} under our key ${providerKey}`,
      }),
      ['ledger'],
    )
    this.scheduleWebhook(behaviour, providerKey, 'succeeded', chargeId)
    return { kind: 'accepted', chargeId, deduped: false }
  }

  private scheduleWebhook(
    behaviour: ProviderBehaviour,
    providerKey: string | null,
    outcome: 'succeeded' | 'declined',
    chargeId?: string,
  ): void {
    if (behaviour.webhookAfterMs === undefined || !this.onWebhook || providerKey === null) return
    const send = this.onWebhook
    void this.clock.sleep(behaviour.webhookAfterMs).then(() => send({ providerKey, outcome, chargeId }))
  }

  async lookup(providerKey: string): Promise<LookupOutcome> {
    if (this.timing.latencyMs > 0) await this.clock.sleep(this.timing.latencyMs)
    const found = this.books.recordOf(providerKey)
    const existing = isPending(found) ? await found : found
    if (!existing) return { kind: 'not-found' }
    if (existing.outcome === 'declined') return { kind: 'declined', failureCode: 'card_declined' }
    return { kind: 'succeeded', chargeId: existing.entryId ?? '' }
  }

  async refund(request: RefundRequest): Promise<RefundOutcome> {
    // Refunds never decline; the other behaviours (slow, unknown outcome, down) apply as to charges.
    const behaviour = this.behaviour({ ...request, paymentMethodToken: '' })
    const takesMs = behaviour.kind === 'slow' ? this.timing.slowMs : this.timing.latencyMs
    if (takesMs > 0) await this.clock.sleep(takesMs)
    if (behaviour.kind === 'unavailable') {
      this.trace?.record(
        providerEvent('provider-unavailable', request, request.providerKey, {
          detail: 'the provider is unavailable (503): nothing was refunded',
        }),
      )
      return { kind: 'unavailable' }
    }
    const settling = this.settleRefund(request)
    const outcome = isPending(settling) ? await settling : settling
    if (behaviour.kind === 'timeout-after-accept') {
      await this.clock.sleep(Math.max(0, this.timing.timeoutMs - takesMs))
      return { kind: 'timeout' }
    }
    return outcome
  }

  private settleRefund(request: RefundRequest): Maybe<RefundOutcome> {
    const found = request.providerKey !== null ? this.books.recordOf(request.providerKey) : undefined
    if (isPending(found)) return found.then((existing) => this.refundOnce(request, existing))
    return this.refundOnce(request, found)
  }

  private refundOnce(request: RefundRequest, existing: ProviderKeyRecord | undefined): Maybe<RefundOutcome> {
    if (existing) return this.dedupedRefund(request, existing)
    const written = this.books.write({
      kind: 'refund',
      providerKey: request.providerKey,
      accountId: request.accountId,
      amountMinor: request.amountMinor,
      currency: request.currency,
      refundedChargeId: request.chargeId,
      nowMs: this.clock.nowMs(),
      chargePrefix: this.idPrefix,
    })
    if (isPending(written)) return written.then((w) => this.refunded(request, w))
    return this.refunded(request, written)
  }

  private dedupedRefund(request: RefundRequest, existing: ProviderKeyRecord): RefundOutcome {
    this.trace?.record(
      providerEvent('provider-deduped', request, request.providerKey, {
        chargeId: existing.entryId ?? undefined,
        detail: `the provider recognises key ${request.providerKey} and returns refund ${existing.entryId}: no new refund`,
      }),
    )
    return { kind: 'refunded', refundId: existing.entryId ?? '', deduped: true }
  }

  private refunded(request: RefundRequest, written: LedgerWritten): RefundOutcome {
    if (written.deduped) return this.dedupedRefund(request, written.record)
    const refundId = written.record.entryId ?? ''
    this.trace?.record(
      providerEvent('provider-accepted', request, request.providerKey, {
        chargeId: refundId,
        detail: `the provider refunds ${request.amountMinor} of charge ${request.chargeId} as ${refundId}`,
      }),
      ['ledger'],
    )
    return { kind: 'refunded', refundId, deduped: false }
  }

  /** The ledger, oldest first (SQLite ledger: synchronous; elsewhere use `readLedger`). */
  ledger(accountId?: number): LedgerEntry[] {
    return this.sqliteBooks().entries(accountId).map(ledgerEntry)
  }

  /** The ledger on any adapter. */
  async readLedger(accountId?: number): Promise<LedgerEntry[]> {
    return (await this.books.entries(accountId)).map(ledgerEntry)
  }

  /** The ledger as the timeline shows it: one snapshot function per run (see table-mirror.ts). */
  ledgerSnapshots(): () => LedgerRowView[] {
    return this.sqliteBooks().snapshots()
  }

  /** Number of charges (money in) in the ledger (SQLite ledger; elsewhere `readChargeCount`). */
  chargeCount(): number {
    return this.sqliteBooks().chargeCount()
  }

  async readChargeCount(): Promise<number> {
    return this.books.chargeCount()
  }

  private sqliteBooks(): SqliteProviderLedger {
    if (!this.sqlite) throw new Error("This provider's ledger is not in SQLite: read it with readLedger().")
    return this.sqlite
  }

  /** Closes the provider's SQLite database (an in-memory one goes back to the pool, emptied); another ledger is the caller's. */
  close(): void {
    if (!this.sqlite) return
    if (this.pooled && providerPool.length < 8) {
      this.sqlite.reset()
      providerPool.push(this.sqlite.db)
      return
    }
    this.sqlite.db.close()
  }
}

function ledgerEntry(r: LedgerSqlRow): LedgerEntry {
  return {
    id: r.id,
    kind: r.kind,
    providerKey: r.provider_key,
    accountId: r.account_id,
    amountMinor: r.amount,
    currency: r.currency,
    status: r.status,
    refundedChargeId: r.charge_id,
    createdAtMs: r.created_at_ms,
  }
}
