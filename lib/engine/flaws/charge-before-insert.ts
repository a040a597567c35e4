// Flaw "charge-before-insert" (scenario store-after-charge): the provider is charged
// first and the key row written only afterwards. A crash between the charge and the
// insert leaves no row, so the retry charges again. The opposite of claim before effect.
// Replaces `startPayment` (correct: claim, then charge) and `completionFence` (no lease fence).
import { answerExisting } from '../protocol/answers'
import {
  type Answer,
  commit,
  type EngineContext,
  isLive,
  keyRow,
  LeaseLost,
  type PaymentIntent,
  providerKeyFor,
  type Req,
  reach,
  record,
} from '../protocol/context'
import { short } from '../protocol/narration'
import { callProviderCharge, finishPayment, paymentCompletion } from '../protocol/payment'
import type { Steps } from '../protocol/steps'
import type { KeyRow, ResourceState } from '../store-port'
import { blindFence } from './select-then-insert'
import { flawStore, now } from './sqlite-only'

export const chargeBeforeInsert: Partial<Steps> = {
  async startPayment(e: EngineContext, req: Req, intent: PaymentIntent, requestBody: string): Answer {
    const existing = now(keyRow(e, req.scope, req.key))
    if (existing && isLive(existing, e.clock.nowMs())) return answerExisting(e, existing, req)
    record(
      e,
      'claim-lookup',
      req,
      `server finds no row for ${short(req.key)} and charges first, before writing anything`,
      {
        from: e.actor,
        to: 'db',
      },
    )
    const startedMs = e.clock.nowMs()
    // The row this request will write once the charge is done (nothing is stored yet).
    const ghost: KeyRow = {
      account_id: req.scope,
      key: req.key,
      operation: 'create_payment',
      status: 'in_progress',
      body_hash: req.hash,
      request_body: requestBody,
      provider_key: providerKeyFor('create_payment', req.scope, req.key, startedMs),
      lease_until_ms: startedMs + e.config.leaseMs,
      lease_version: 0,
      created_at_ms: startedMs,
      expires_at_ms: startedMs + e.config.keyTtlMs,
      response_status: null,
      response_body: null,
      resource_id: null,
    }
    const providerKey = e.steps.providerKeyOf(e, ghost)
    const outcome = await callProviderCharge(
      e,
      req,
      intent,
      providerKey,
      `server asks the provider to charge ${intent.amount} ${intent.currency} (no row stored yet)`,
    )
    if (outcome.kind === 'accepted') await reach(e, 'after-provider-accept', req)
    else if (outcome.kind === 'timeout')
      record(e, 'provider-timeout', req, 'the provider call times out: the charge may or may not exist', {
        from: 'provider',
        to: e.actor,
        providerKey,
      })
    await reach(e, 'before-claim', req)
    const nowMs = e.clock.nowMs()
    const state: ResourceState =
      outcome.kind === 'accepted' ? 'succeeded' : outcome.kind === 'declined' ? 'failed' : 'pending_unknown'
    const chargeId = outcome.kind === 'accepted' ? outcome.chargeId : null
    return finishPayment(e, ghost, req, intent, state, chargeId, async () => {
      // Only now the key row is written, in the same transaction as the payment.
      const claim = {
        scope: req.scope,
        key: req.key,
        operation: 'create_payment' as const,
        bodyHash: req.hash,
        requestBody,
        providerKey: ghost.provider_key,
        leaseUntilMs: nowMs + e.config.leaseMs,
        createdAtMs: nowMs,
        expiresAtMs: nowMs + e.config.keyTtlMs,
      }
      const completion = paymentCompletion(e, ghost, req, intent, state, chargeId)
      const done = flawStore(e).claimBlindAndCompletePayment(claim, completion)
      if (!done) throw new LeaseLost()
      const [paymentId, body] = [done.resourceId, done.responseBody]
      const keyStatus = state === 'pending_unknown' ? 'pending_unknown' : 'completed'
      commit(
        e,
        req,
        `only now the key row is written: payment ${paymentId}, ${short(req.key)} ${keyStatus}`,
        ['idempotencyKeys', 'payments'],
      )
      await reach(e, 'after-payment-row', req)
      return [paymentId, body]
    })
  },
  completionFence: blindFence,
}
