// The protocol's replaceable steps. The wiring (engine.ts) composes `correctSteps`
// (protocol/correct.ts) with the replacements of each switched-on flaw
// (flaws/<flaw>.ts): a flaw overrides exactly the entries it changes, so each flaw
// module can be read side by side with the correct step it replaces.
import type {
  KeyFence,
  KeyRow,
  Operation,
  RefundRejection,
  RefundReservation,
  ResourceState,
} from '../store-port'
import type { SweepReport } from '../types'
import type { Answer, EngineContext, PaymentIntent, Req } from './context'

/** The claim's outcome: won, conflicted with an existing row, or (a refund) rolled back by its reservation. */
export type Claim =
  | { won: true; row: KeyRow }
  | { won: false; row: KeyRow }
  | ({ won: false } & RefundRejection)

export interface Steps {
  /** The scope a key is stored under: its account. */
  scopeFor(e: EngineContext, accountId: number): number
  /**
   * A valid create: claim the key, then answer the row it conflicted with or charge. `intent` is the
   * parsed body (the correct flow charges what the claimed row stores, the same canonical body).
   */
  startPayment(e: EngineContext, req: Req, intent: PaymentIntent, requestBody: string): Answer
  /** The atomic claim: one insert that only one request can win; a refund's `reservation` commits with it. */
  claim(
    e: EngineContext,
    req: Req,
    operation: Operation,
    requestBody: string,
    reservation?: RefundReservation,
  ): Promise<Claim>
  /** A conflicting request with another body: the 422 answer (undefined: the bodies match). */
  checkBody(e: EngineContext, row: KeyRow, req: Req): Answer | undefined
  /** A completed key: replay its stored response byte for byte. */
  replayCompleted(e: EngineContext, row: KeyRow, req: Req, waited: boolean): Answer
  /** A pending_unknown key: answer its current 202; charge nothing. */
  answerPending(e: EngineContext, row: KeyRow, req: Req): Answer
  /** Whether an in_progress row's lease has run out (then one retry or sweep may take it over). */
  leaseExpired(e: EngineContext, row: KeyRow, nowMs: number): boolean
  /** An in_progress key nobody may take over (yet): 409 with Retry-After. */
  rejectInFlight(e: EngineContext, row: KeyRow, req: Req): Answer
  /** The idempotency key the provider is called with: ours, derived from the key row. */
  providerKeyOf(e: EngineContext, row: KeyRow): string | null
  /** Writes the payment row and completes the key in one transaction; returns [payment id, stored body]. */
  commitPayment(
    e: EngineContext,
    row: KeyRow,
    req: Req,
    intent: PaymentIntent,
    state: ResourceState,
    chargeId: string | null,
  ): Promise<[number, string]>
  /** How the completing update of a payment's key row is fenced: by the lease_version the attempt holds. */
  completionFence(e: EngineContext): KeyFence
  /** Sweep: re-drive in_progress keys past their lease under the same provider key. */
  recoverLeases(e: EngineContext): Promise<SweepReport>
  /** Sweep: settle one pending_unknown key by asking the provider under our key. */
  settleFromLookup(e: EngineContext, row: KeyRow, req: Req): Promise<boolean>
}
