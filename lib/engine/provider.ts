// The provider port: the payment service provider (PSP) is an external system. It
// dedupes on the idempotency key WE pass (derived from our key row, never the
// client's raw key) and keeps its own ledger, sharing no transaction with us.

export interface ChargeRequest {
  /** Our downstream key; null only under the `no-provider-key` flaw. */
  providerKey: string | null
  accountId: number
  amountMinor: number
  currency: string
  paymentMethodToken: string
  /** For the simulator's per-request behaviour and the trace. */
  requestId: string
  /** The calling server's actor id (trace arrows). */
  caller?: string
  /** Trace only: the client's key this charge serves (the provider never dedupes on it). */
  clientKey?: string
}

export type ChargeOutcome =
  /** The money was taken. `deduped`: the provider had already seen this key and returned the first charge. */
  | { kind: 'accepted'; chargeId: string; deduped: boolean }
  | { kind: 'declined'; failureCode: 'card_declined'; deduped: boolean }
  /** Our call timed out: the provider may or may not have taken the money (unknown outcome). */
  | { kind: 'timeout' }
  /** The provider refused to start (e.g. 503): known not charged. */
  | { kind: 'unavailable' }

export type LookupOutcome =
  | { kind: 'succeeded'; chargeId: string }
  | { kind: 'declined'; failureCode: 'card_declined' }
  | { kind: 'not-found' }
  | { kind: 'unavailable' }

export interface RefundRequest {
  providerKey: string | null
  chargeId: string
  accountId: number
  amountMinor: number
  currency: string
  requestId: string
  caller?: string
  /** Trace only. */
  clientKey?: string
}

export type RefundOutcome =
  | { kind: 'refunded'; refundId: string; deduped: boolean }
  | { kind: 'timeout' }
  | { kind: 'unavailable' }

/** One line of the provider's ledger (what `GET /api/provider/charges` lists). */
export interface LedgerEntry {
  id: string
  /** 'charge' moves money in, 'refund' out. */
  kind: 'charge' | 'refund'
  providerKey: string | null
  accountId: number
  /** Minor units (cents), as everywhere inside the engine; the public JSON calls it `amount`. */
  amountMinor: number
  currency: string
  status: 'succeeded' | 'refunded'
  /** For refunds: the id of the charge refunded (null for a charge). */
  refundedChargeId: string | null
  createdAtMs: number
}

export interface PaymentProvider {
  charge(request: ChargeRequest): Promise<ChargeOutcome>
  /** Settles an unknown outcome: what happened under this key? */
  lookup(providerKey: string): Promise<LookupOutcome>
  refund(request: RefundRequest): Promise<RefundOutcome>
  /** The ledger, oldest first; all accounts when `accountId` is omitted. */
  ledger(accountId?: number): LedgerEntry[]
}
