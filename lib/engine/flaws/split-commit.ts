// Flaw "split-commit": the payment row and the key's completion are two transactions.
// A crash between them leaves a payment whose key is still in_progress: a retry after
// the lease takes it over and charges a second payment row.
// Replaces `commitPayment` for a first write (correct: one transaction for both).
import {
  commit,
  type EngineContext,
  LeaseLost,
  type PaymentIntent,
  type Req,
  reach,
} from '../protocol/context'
import { short } from '../protocol/narration'
import { commitPayment, keyCompletion, keyStatusFor, paymentWrite } from '../protocol/payment'
import type { Steps } from '../protocol/steps'
import { paymentBody, paymentStatus } from '../responses'
import type { KeyRow, ResourceState } from '../store-port'
import { flawStore } from './sqlite-only'

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
    const store = flawStore(e)
    const payment = store.writePayment(paymentWrite(e, row, req, intent, state, chargeId))
    const paymentId = payment.id
    const body = paymentBody(payment)
    commit(e, req, `payment ${paymentId} committed on its own; ${short(row.key)} is still in_progress`, [
      'payments',
    ])
    await reach(e, 'after-payment-row', req)
    if (!store.completeKey(keyCompletion(e, row, state), paymentId, body)) throw new LeaseLost()
    commit(
      e,
      req,
      `a second transaction marks ${short(row.key)} ${keyStatusFor(state)} with the stored ${paymentStatus(state)}`,
      ['idempotencyKeys'],
    )
    return [paymentId, body]
  },
}
