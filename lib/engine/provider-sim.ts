// A simulated payment service provider with its own idempotency keys and ledger in
// ITS OWN SQLite database (in-memory in the simulator; a separate file live): an
// external system shares no transaction with us. Behaviour is chosen per charge by
// a function the caller passes (the simulator: by scenario; live: by test token).
import Database from 'better-sqlite3'
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
  freshProviderDatabase,
  PROVIDER_SCHEMA,
  type ProviderStatements,
  providerPool,
  statementsFor,
} from './provider-sim-db'
import { tableMirror } from './table-mirror'
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
  /** The provider's own database: ':memory:' or a file path, or an open handle. */
  database: string | Database.Database
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
  readonly db: Database.Database
  private readonly clock: Clock
  private readonly behaviour: (request: ChargeRequest) => ProviderBehaviour
  private readonly timing: ProviderTiming
  private readonly onWebhook: SimulatedProviderOptions['onWebhook']
  private readonly trace: TraceSink | undefined
  private readonly idPrefix: string
  private readonly stmts: ProviderStatements
  private readonly pooled: boolean

  constructor(options: SimulatedProviderOptions) {
    this.pooled = options.database === ':memory:'
    if (typeof options.database === 'string') {
      this.db = options.database === ':memory:' ? freshProviderDatabase() : new Database(options.database)
      if (options.database !== ':memory:') {
        this.db.pragma('journal_mode = WAL')
        // An external system's ledger is durable: a charge it reported must survive its power loss.
        this.db.pragma('synchronous = FULL')
        this.db.pragma('busy_timeout = 5000')
      }
    } else this.db = options.database
    if (!this.pooled) this.db.exec(PROVIDER_SCHEMA)
    this.clock = options.clock
    this.behaviour = options.behaviour ?? (() => ({ kind: 'ok' }))
    this.timing = { ...defaultProviderTiming, ...options.timing }
    this.onWebhook = options.onWebhook
    this.trace = options.trace
    this.idPrefix = options.idPrefix ?? 'ch_'
    this.stmts = statementsFor(this.db)
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
    const outcome = this.settleCharge(request, behaviour)
    if (behaviour.kind === 'timeout-after-accept') {
      // The money is taken; our side of the call gives up later without an answer.
      await this.clock.sleep(Math.max(0, this.timing.timeoutMs - takesMs))
      return { kind: 'timeout' }
    }
    return outcome
  }

  /** Applies one charge atomically in the provider's own database (dedupe on our key). */
  private settleCharge(request: ChargeRequest, behaviour: ProviderBehaviour): ChargeOutcome {
    const { providerKey } = request
    const existing = providerKey !== null ? this.stmts.keyGet.get(providerKey) : undefined
    if (existing) {
      const deduped: ChargeOutcome =
        existing.outcome === 'declined'
          ? { kind: 'declined', failureCode: 'card_declined', deduped: true }
          : { kind: 'accepted', chargeId: existing.entry_id ?? '', deduped: true }
      this.trace?.record(
        providerEvent('provider-deduped', request, providerKey, {
          chargeId: existing.entry_id ?? undefined,
          detail:
            existing.outcome === 'declined'
              ? `the provider recognises key ${providerKey} and repeats its decline: no new charge`
              : `the provider recognises key ${providerKey} and returns charge ${existing.entry_id}: no new charge`,
        }),
      )
      return deduped
    }
    const nowMs = this.clock.nowMs()
    if (behaviour.kind === 'decline') {
      if (providerKey !== null) this.stmts.keyInsert.run(providerKey, 'declined', null)
      this.trace?.record(
        providerEvent('provider-declined', request, providerKey, {
          detail: 'the provider declines the card (card_declined): no money moves',
        }),
      )
      this.scheduleWebhook(behaviour, providerKey, 'declined')
      return { kind: 'declined', failureCode: 'card_declined', deduped: false }
    }
    const chargeId = this.writeEntry(
      'charge',
      providerKey,
      request.accountId,
      request.amountMinor,
      request.currency,
      null,
      nowMs,
    )
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

  private writeEntry(
    kind: 'charge' | 'refund',
    providerKey: string | null,
    accountId: number,
    amountMinor: number,
    currency: string,
    refundedChargeId: string | null,
    nowMs: number,
  ): string {
    const write = () => {
      const seq = this.stmts.nextSeq.get()?.n ?? 1
      const id = `${kind === 'charge' ? this.idPrefix : 're_'}${String(seq).padStart(4, '0')}`
      this.stmts.ledgerInsert.run(
        id,
        kind,
        providerKey,
        accountId,
        amountMinor,
        currency,
        kind === 'charge' ? 'succeeded' : 'refunded',
        refundedChargeId,
        nowMs,
      )
      if (providerKey !== null)
        this.stmts.keyInsert.run(providerKey, kind === 'charge' ? 'succeeded' : 'refunded', id)
      return id
    }
    this.stmts.begin.run()
    try {
      const id = write()
      this.stmts.commit.run()
      return id
    } catch (error) {
      if (this.db.inTransaction) this.stmts.rollback.run()
      throw error
    }
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
    const existing = this.stmts.keyGet.get(providerKey)
    if (!existing) return { kind: 'not-found' }
    if (existing.outcome === 'declined') return { kind: 'declined', failureCode: 'card_declined' }
    return { kind: 'succeeded', chargeId: existing.entry_id ?? '' }
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
    const outcome = this.settleRefund(request)
    if (behaviour.kind === 'timeout-after-accept') {
      await this.clock.sleep(Math.max(0, this.timing.timeoutMs - takesMs))
      return { kind: 'timeout' }
    }
    return outcome
  }

  private settleRefund(request: RefundRequest): RefundOutcome {
    const existing = request.providerKey !== null ? this.stmts.keyGet.get(request.providerKey) : undefined
    if (existing) {
      this.trace?.record(
        providerEvent('provider-deduped', request, request.providerKey, {
          chargeId: existing.entry_id ?? undefined,
          detail: `the provider recognises key ${request.providerKey} and returns refund ${existing.entry_id}: no new refund`,
        }),
      )
      return { kind: 'refunded', refundId: existing.entry_id ?? '', deduped: true }
    }
    const refundId = this.writeEntry(
      'refund',
      request.providerKey,
      request.accountId,
      request.amountMinor,
      request.currency,
      request.chargeId,
      this.clock.nowMs(),
    )
    this.trace?.record(
      providerEvent('provider-accepted', request, request.providerKey, {
        chargeId: refundId,
        detail: `the provider refunds ${request.amountMinor} of charge ${request.chargeId} as ${refundId}`,
      }),
      ['ledger'],
    )
    return { kind: 'refunded', refundId, deduped: false }
  }

  ledger(accountId?: number): LedgerEntry[] {
    const rows =
      accountId === undefined ? this.stmts.ledgerAll.all() : this.stmts.ledgerByAccount.all(accountId)
    return rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      providerKey: r.provider_key,
      accountId: r.account_id,
      amountMinor: r.amount,
      currency: r.currency,
      status: r.status,
      refundedChargeId: r.charge_id,
      createdAtMs: r.created_at_ms,
    }))
  }

  /** The ledger as the timeline shows it: one snapshot function per run (see table-mirror.ts). */
  ledgerSnapshots(): () => LedgerRowView[] {
    return tableMirror<LedgerRowView>(this.db, {
      table: 'ledger', // ORDER BY seq, its INTEGER PRIMARY KEY
      select: 'SELECT id, provider_key, account_id, amount, currency, status, kind FROM ledger',
      view: (r) => ({
        chargeId: r[0] as string,
        providerKey: r[1] as string | null,
        accountId: r[2] as number,
        amountMinor: r[3] as number,
        currency: r[4] as string,
        status: r[5] as LedgerRowView['status'],
        kind: r[6] as LedgerRowView['kind'],
      }),
    })
  }

  /** Number of charges (money in) in the ledger. */
  chargeCount(): number {
    return this.stmts.chargeCount.get()?.n ?? 0
  }

  /** Closes the provider's database (an in-memory one goes back to the pool, emptied). */
  close(): void {
    if (this.pooled && providerPool.length < 8) {
      this.stmts.reset()
      providerPool.push(this.db)
      return
    }
    this.db.close()
  }
}
