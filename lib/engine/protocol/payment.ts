// Step 3 of the card, for a payment: validate, claim (claim.ts), call the provider
// under OUR key (derived from the key row, so every retry and sweep sends the same
// one), then one transaction writes the payment row, stores the exact response and
// marks the key completed. An unknown outcome (timeout, provider down) is stored as
// pending_unknown with its 202 and settled later by a sweep or a webhook (sweeps.ts).
import { sha256Hex } from '../canonical'
import { readPaymentBody } from '../payment-body'
import type { ChargeOutcome } from '../provider'
import { fresh, invalidResponse, paymentBody, paymentStatus } from '../responses'
import {
  isPending,
  type KeyCompletion,
  type KeyFence,
  type KeyRow,
  type KeyStatus,
  type PaymentCompletion,
  type PaymentWrite,
  type ResourceState,
} from '../store-port'
import type { CreatePaymentInput, EngineResponse } from '../types'
import { answerAfterLeaseLost, answerExisting } from './answers'
import {
  type Answer,
  commit,
  type EngineContext,
  LeaseLost,
  newReq,
  type PaymentIntent,
  type Req,
  reach,
  record,
} from './context'
import { say } from './narration'
import type { Steps } from './steps'

export async function createPayment(e: EngineContext, input: CreatePaymentInput): Promise<EngineResponse> {
  const read = readPaymentBody(input.body)
  if (!read.ok) {
    const req = newReq(e, input.accountId, input.key, '', input.requestId)
    record(e, 'validation-failed', { ...req, hash: '' }, say.invalidBody())
    return invalidResponse(read.errors)
  }
  const requestBody = read.canonical
  const req = newReq(e, input.accountId, input.key, sha256Hex(requestBody), input.requestId, input.waitMs)
  return e.steps.startPayment(e, req, read.body, requestBody)
}

export async function startPayment(
  e: EngineContext,
  req: Req,
  _intent: PaymentIntent,
  requestBody: string,
): Answer {
  const claimed = await e.steps.claim(e, req, 'create_payment', requestBody)
  if ('rejected' in claimed) throw new Error('A payment claim reserves nothing, so it is never rejected.')
  if (!claimed.won) return answerExisting(e, claimed.row, req)
  await reach(e, 'after-claim', req)
  return drivePayment(e, claimed.row, req)
}

export async function drivePayment(e: EngineContext, row: KeyRow, req: Req): Answer {
  const intent = JSON.parse(row.request_body) as PaymentIntent
  const providerKey = e.steps.providerKeyOf(e, row)
  const outcome = await callProviderCharge(
    e,
    req,
    intent,
    providerKey,
    say.charge(intent.amount, intent.currency, providerKey),
  )
  return settlePayment(e, row, req, intent, outcome)
}

/**
 * Traces the call, then charges the intent under `providerKey` (null: no key is passed).
 * Not async: the caller awaits the provider's own promise, so no extra tick shifts the schedule.
 */
export function callProviderCharge(
  e: EngineContext,
  req: Req,
  intent: PaymentIntent,
  providerKey: string | null,
  detail: string,
): Promise<ChargeOutcome> {
  record(e, 'provider-call', req, detail, { from: e.actor, to: 'provider', providerKey })
  return e.provider.charge({
    providerKey,
    accountId: req.accountId,
    amountMinor: intent.amount,
    currency: intent.currency,
    paymentMethodToken: intent.paymentMethodToken,
    requestId: req.requestId,
    caller: e.actor,
    clientKey: req.key,
  })
}

async function settlePayment(
  e: EngineContext,
  row: KeyRow,
  req: Req,
  intent: PaymentIntent,
  outcome: ChargeOutcome,
): Answer {
  switch (outcome.kind) {
    case 'accepted':
      await reach(e, 'after-provider-accept', req)
      return finishPayment(e, row, req, intent, 'succeeded', outcome.chargeId)
    case 'declined':
      return finishPayment(e, row, req, intent, 'failed', null)
    case 'timeout':
      record(e, 'provider-timeout', req, say.chargeTimeout(), {
        from: 'provider',
        to: e.actor,
        providerKey: e.steps.providerKeyOf(e, row),
      })
      return finishPayment(e, row, req, intent, 'pending_unknown', null)
    case 'unavailable':
      record(e, 'note', req, say.providerDown())
      return finishPayment(e, row, req, intent, 'pending_unknown', null)
  }
}

/**
 * Completes a payment: `write` (the completing transaction, `commitPayment` unless a
 * caller brings its own) then the fresh answer. An attempt that lost its lease meanwhile
 * writes nothing and answers from the row as it now is.
 */
export async function finishPayment(
  e: EngineContext,
  row: KeyRow,
  req: Req,
  intent: PaymentIntent,
  state: ResourceState,
  chargeId: string | null,
  write: Steps['commitPayment'] = e.steps.commitPayment,
): Answer {
  let paymentId: number
  let body: string
  try {
    ;[paymentId, body] = await write(e, row, req, intent, state, chargeId)
  } catch (error) {
    if (!(error instanceof LeaseLost)) throw error
    record(e, 'note', req, say.leaseLost(row.key))
    return answerAfterLeaseLost(e, row, req)
  }
  await reach(e, 'before-response', req)
  const kind = state === 'succeeded' ? 'created' : state === 'failed' ? 'declined' : 'pending'
  return fresh(kind, paymentStatus(state), body, e.paymentUrl?.(paymentId))
}

/** The correct completing transaction: payment row + stored response + key completed, together. */
export async function commitPayment(
  e: EngineContext,
  row: KeyRow,
  req: Req,
  intent: PaymentIntent,
  state: ResourceState,
  chargeId: string | null,
): Promise<[number, string]> {
  const status = paymentStatus(state)
  const writing = e.store.completePayment(paymentCompletion(e, row, req, intent, state, chargeId), (done) =>
    commit(e, req, say.paymentCommitted(done.resourceId, row.key, state, status, row.resource_id !== null), [
      'idempotencyKeys',
      'payments',
    ]),
  )
  const done = isPending(writing) ? await writing : writing
  if (!done) throw new LeaseLost()
  await reach(e, 'after-payment-row', req)
  return [done.resourceId, done.responseBody]
}

/** What one completing transaction writes: the payment row, its stored response, the key completed. */
export function paymentCompletion(
  e: EngineContext,
  row: KeyRow,
  req: Req,
  intent: PaymentIntent,
  state: ResourceState,
  chargeId: string | null,
): PaymentCompletion {
  return {
    payment: paymentWrite(e, row, req, intent, state, chargeId),
    key: keyCompletion(e, row, state),
    responseBody: paymentBody,
  }
}

/** The payment row: a new one, or the one a pending_unknown attempt left, settled in place. */
export function paymentWrite(
  e: EngineContext,
  row: KeyRow,
  req: Req,
  intent: PaymentIntent,
  state: ResourceState,
  chargeId: string | null,
): PaymentWrite {
  return {
    id: row.resource_id,
    accountId: req.accountId,
    orderId: intent.orderId,
    amountMinor: intent.amount,
    currency: intent.currency,
    idempotencyKey: req.key,
    state,
    failureCode: state === 'failed' ? 'card_declined' : null,
    chargeId,
    nowMs: e.clock.nowMs(),
  }
}

export function keyStatusFor(state: ResourceState): KeyStatus {
  return state === 'pending_unknown' ? 'pending_unknown' : 'completed'
}

/** The key row's completing update: stores the response, fenced as `completionFence` says. */
export function keyCompletion(e: EngineContext, row: KeyRow, state: ResourceState): KeyCompletion {
  return {
    scope: row.account_id,
    key: row.key,
    version: row.lease_version,
    status: keyStatusFor(state),
    responseStatus: paymentStatus(state),
    expiresAtMs: e.clock.nowMs() + e.config.keyTtlMs,
    fence: e.steps.completionFence(e),
  }
}

/** The correct fence: only the attempt holding this lease_version may complete the key. */
export function completionFence(_e: EngineContext): KeyFence {
  return 'lease-version'
}
