// The same protocol for a refund, under its own Idempotency-Key: the claim's
// transaction also reserves the amount on the payment (or rolls the claim back with
// 404 / 400 / 409), the provider refunds under our key, one transaction completes.
import { canonicalJson, sha256Hex } from '../canonical'
import type { RefundOutcome } from '../provider'
import {
  fresh,
  inFlightResponse,
  invalidResponse,
  notFoundResponse,
  notRefundableResponse,
  overRefundResponse,
  refundBody,
  refundStatus,
} from '../responses'
import { fieldErrors, refundBodySchema } from '../schemas'
import type { KeyRow, ResourceState } from '../store'
import type { EngineResponse, RefundPaymentInput } from '../types'
import { answerExisting } from './answers'
import {
  type Answer,
  commit,
  type EngineContext,
  keyRow,
  LeaseLost,
  newReq,
  type RefundIntent,
  type Req,
  reach,
  record,
  tx,
} from './context'
import { say } from './narration'
import type { Claim } from './steps'

class RefundRejected extends Error {
  constructor(readonly response: EngineResponse) {
    super(response.kind)
  }
}

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
  const payment = e.store.paymentGet.get(input.paymentId)
  if (!payment || payment.account_id !== input.accountId) {
    record(e, 'validation-failed', req, say.noSuchPayment(input.paymentId, input.accountId))
    return notFoundResponse('payment')
  }
  let claimed: Claim
  try {
    claimed = await e.steps.claim(e, req, 'refund_payment', requestBody, () => {
      // Inside the claim's transaction: reserve the money or roll the claim back.
      const current = e.store.paymentGet.get(input.paymentId)!
      if (current.state !== 'succeeded') throw new RefundRejected(notRefundableResponse(current.state))
      if (
        e.store.refundReserve.run(intent.amount, intent.paymentId, input.accountId, intent.amount).changes !==
        1
      )
        throw new RefundRejected(overRefundResponse(current.amount_minor, current.refunded_minor))
    })
  } catch (error) {
    if (!(error instanceof RefundRejected)) throw error
    record(e, 'validation-failed', req, say.refundRejected(error.response.status))
    return error.response
  }
  if (!claimed.won) return answerExisting(e, claimed.row, req)
  await reach(e, 'after-claim', req)
  return driveRefund(e, claimed.row, req)
}

export async function driveRefund(e: EngineContext, row: KeyRow, req: Req): Answer {
  const intent = JSON.parse(row.request_body) as RefundIntent
  const payment = e.store.paymentGet.get(intent.paymentId)!
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
  let result: [number, string]
  try {
    result = tx(e, (): [number, string] => {
      let id: number
      if (row.resource_id !== null) {
        e.store.refundSettle.run({ id: row.resource_id, state, refundId: providerRefundId })
        id = row.resource_id
      } else {
        id = Number(
          e.store.refundInsert.run({
            paymentId: intent.paymentId,
            accountId: req.accountId,
            amountMinor: intent.amount,
            state,
            refundId: providerRefundId,
            key: req.key,
            nowMs: e.clock.nowMs(),
          }).lastInsertRowid,
        )
      }
      const text = refundBody(e.store.refundGet.get(id)!, currency)
      const params = {
        status: keyStatus,
        responseStatus: status,
        responseBody: text,
        resourceId: id,
        scope: row.account_id,
        key: row.key,
        version: row.lease_version,
        expiresAtMs: e.clock.nowMs() + e.config.keyTtlMs,
      }
      if (e.store.finish.run(params).changes !== 1) throw new LeaseLost()
      return [id, text]
    })
  } catch (error) {
    if (!(error instanceof LeaseLost)) throw error
    const latest = keyRow(e, row.account_id, row.key)
    return latest
      ? answerExisting(e, latest, { ...req, waitMs: 0 }, undefined, false)
      : inFlightResponse(e.config.inFlightPolicy.retryAfterS)
  }
  commit(e, req, say.refundCommitted(result[0], row.key, keyStatus), ['idempotencyKeys', 'refunds'])
  await reach(e, 'before-response', req)
  return fresh(state === 'succeeded' ? 'created' : 'pending', status, result[1])
}
