// Flaw "split-commit": the payment row and the key's completion are two transactions.
// A crash between them leaves a payment whose key is still in_progress: a retry after
// the lease takes it over and charges a second payment row.
// Replaces `commitPayment` for a first write (correct: one transaction for both).
import { commit, type EngineContext, type PaymentIntent, type Req, reach, tx } from '../protocol/context'
import { short } from '../protocol/narration'
import { commitPayment, completePaymentKey, keyStatusFor, writePaymentRow } from '../protocol/payment'
import type { Steps } from '../protocol/steps'
import { paymentBody, paymentStatus } from '../responses'
import type { KeyRow, ResourceState } from '../store'

export const splitCommit: Partial<Steps> = {
  async commitPayment(
    e: EngineContext,
    row: KeyRow,
    req: Req,
    intent: PaymentIntent,
    state: ResourceState,
    chargeId: string | null,
  ): Promise<[number, string]> {
    // Settling an existing payment row is one write either way.
    if (row.resource_id !== null) return commitPayment(e, row, req, intent, state, chargeId)
    const paymentId = tx(e, () => writePaymentRow(e, row, req, intent, state, chargeId))
    const body = paymentBody(e.store.paymentGet.get(paymentId)!)
    commit(e, req, `payment ${paymentId} committed on its own; ${short(row.key)} is still in_progress`, [
      'payments',
    ])
    await reach(e, 'after-payment-row', req)
    tx(e, () => completePaymentKey(e, row, state, paymentId, body))
    commit(
      e,
      req,
      `a second transaction marks ${short(row.key)} ${keyStatusFor(state)} with the stored ${paymentStatus(state)}`,
      ['idempotencyKeys'],
    )
    return [paymentId, body]
  },
}
