// The same protocol for a refund, under its own Idempotency-Key: the claim's
// transaction also reserves the amount on the payment (or rolls the claim back with
// 404 / 400 / 409), the provider refunds under our key, one transaction completes.
import { canonicalJson, sha256Hex } from '../canonical'
import type { RefundOutcome } from '../provider'
import {
  fresh,
  invalidResponse,
  notFoundResponse,
  notRefundableResponse,
  overRefundResponse,
  refundBody,
  refundStatus,
} from '../responses'
import { fieldErrors, refundBodySchema } from '../schemas'
import { isPending, type KeyRow, type RefundCompletion, type ResourceState } from '../store-port'
import type { EngineResponse, RefundPaymentInput } from '../types'
import { answerAfterLeaseLost, answerExisting } from './answers'
import {
  type Answer,
  commit,
  type EngineContext,
  newReq,
  type RefundIntent,
  type Req,
  reach,
  record,
} from './context'
import { say } from './narration'

export async function refundPayment(e: EngineContext, input: RefundPaymentInput): Promise<EngineResponse> {
  const parsed = refundBodySchema.safeParse(input.body)
  if (!parsed.success) {
    const req = newReq(e, input.accountId, input.key, '', input.requestId)
    record(e, 'validation-failed', req, say.invalidRefundBody())
    return invalidResponse(fieldErrors(parsed.error))
  }
  const intent: RefundIntent = { amount: parsed.data.amount, paymentId: input.paymentId }
  const requestBody = canonicalJson(intent)
  const req = newReq(e, input.accountId, input.key, sha256Hex(requestBody), input.requestId, input.waitMs)
  const found = e.store.getPayment(input.paymentId)
  const payment = isPending(found) ? await found : found
  if (!payment || payment.account_id !== input.accountId) {
    record(e, 'validation-failed', req, say.noSuchPayment(input.paymentId, input.accountId))
    return notFoundResponse('payment')
  }
  // The claim's transaction also reserves the money, or rolls the claim back.
  const reservation = { paymentId: intent.paymentId, accountId: input.accountId, amountMinor: intent.amount }
  const claimed = await e.steps.claim(e, req, 'refund_payment', requestBody, reservation)
  if ('rejected' in claimed) {
    const response =
      claimed.rejected === 'not-refundable'
        ? notRefundableResponse(claimed.state)
        : overRefundResponse(claimed.amountMinor, claimed.refundedMinor)
    record(e, 'validation-failed', req, say.refundRejected(response.status))
    return response
  }
  if (!claimed.won) return answerExisting(e, claimed.row, req)
  await reach(e, 'after-claim', req)
  return driveRefund(e, claimed.row, req)
}

export async function driveRefund(e: EngineContext, row: KeyRow, req: Req): Answer {
  const intent = JSON.parse(row.request_body) as RefundIntent
  const found = e.store.getPayment(intent.paymentId)
  const payment = (isPending(found) ? await found : found)!
  const providerKey = e.steps.providerKeyOf(e, row)
  record(e, 'provider-call', req, say.refundCall(intent.amount, payment.provider_charge_id), {
    from: e.actor,
    to: 'provider',
    providerKey,
  })
  const outcome: RefundOutcome = await e.provider.refund({
    providerKey,
    chargeId: payment.provider_charge_id ?? '',
    accountId: payment.account_id,
    amountMinor: intent.amount,
    currency: payment.currency,
    requestId: req.requestId,
    caller: e.actor,
    clientKey: req.key,
  })
  if (outcome.kind === 'timeout')
    record(e, 'provider-timeout', req, say.refundTimeout(), { from: 'provider', to: e.actor, providerKey })
  return finishRefund(
    e,
    row,
    req,
    intent,
    payment.currency,
    outcome.kind === 'refunded' ? outcome.refundId : null,
  )
}

/** One transaction: the refund row + the stored response + the key completed (fenced by the lease). */
export async function finishRefund(
  e: EngineContext,
  row: KeyRow,
  req: Req,
  intent: RefundIntent,
  currency: string,
  providerRefundId: string | null,
): Answer {
  const state: ResourceState = providerRefundId === null ? 'pending_unknown' : 'succeeded'
  const status = refundStatus(state)
  const keyStatus = state === 'pending_unknown' ? 'pending_unknown' : 'completed'
  const completion: RefundCompletion = {
    refund: {
      id: row.resource_id,
      paymentId: intent.paymentId,
      accountId: req.accountId,
      amountMinor: intent.amount,
      idempotencyKey: req.key,
      state,
      providerRefundId,
      nowMs: e.clock.nowMs(),
    },
    key: {
      scope: row.account_id,
      key: row.key,
      version: row.lease_version,
      status: keyStatus,
      responseStatus: status,
      expiresAtMs: e.clock.nowMs() + e.config.keyTtlMs,
      fence: 'lease-version',
    },
    responseBody: (refund) => refundBody(refund, currency),
  }
  const writing = e.store.completeRefund(completion, (done) =>
    commit(e, req, say.refundCommitted(done.resourceId, row.key, keyStatus), ['idempotencyKeys', 'refunds']),
  )
  const done = isPending(writing) ? await writing : writing
  if (!done) return answerAfterLeaseLost(e, row, req)
  await reach(e, 'before-response', req)
  return fresh(state === 'succeeded' ? 'created' : 'pending', status, done.responseBody)
}
