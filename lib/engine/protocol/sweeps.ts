// Step 4 of the card: nothing stays unknown. Lease recovery re-drives in_progress keys
// whose server died (same provider key, so the provider dedupes); reconciliation asks
// the provider under our key how pending_unknown charges ended; the reaper deletes
// completed keys past their TTL (never in_progress or pending_unknown); a webhook
// settles a pending_unknown key as soon as the provider tells us.
import { isPending, type KeyRow } from '../store-port'
import type { ProviderWebhook, SweepReport, WebhookResult } from '../types'
import { reopen, takeOver } from './answers'
import {
  type Answer,
  commit,
  type EngineContext,
  keyRow,
  type PaymentIntent,
  type RefundIntent,
  type Req,
  record,
  sweepReq,
} from './context'
import { drive } from './drive'
import { say } from './narration'
import { finishPayment } from './payment'
import { finishRefund } from './refund'

/**
 * Takes over every expired lease and re-drives the keys concurrently, at most
 * `recoveryConcurrency` at a time (slots shared by every pass of this engine): a pass
 * never waits on one key's provider call before starting the next, so N stuck keys
 * recover in about ceil(N / C) provider latencies instead of N. A key is taken over
 * only when a slot is free for it, so a key still waiting keeps its expired lease (a
 * retry may resume it) rather than sitting on a fresh lease nobody drives. A key an
 * earlier pass still holds is left to it: overlapping passes never drive a key twice
 * (across processes the takeover's lease_version fence does the same).
 */
export async function recoverLeases(e: EngineContext): Promise<SweepReport> {
  const found = e.store.expiredLeases(e.clock.nowMs())
  const rows = isPending(found) ? await found : found
  record(e, 'sweep', undefined, say.leaseRecoveryFinds(rows.length), { sweep: 'lease-recovery' })
  let settled = 0
  const queued: Promise<void>[] = []
  for (const row of rows) {
    const id = `${row.account_id}\u0000${row.key}`
    if (e.recovery.inHand.has(id)) continue
    e.recovery.inHand.add(id)
    const redrive = async () => {
      if (await recoverLease(e, row)) settled++
    }
    queued.push(e.recovery.slot(redrive).finally(() => e.recovery.inHand.delete(id)))
  }
  await Promise.all(queued)
  return { sweep: 'lease-recovery', examined: rows.length, settled, remaining: rows.length - settled }
}

/** Takes one expired lease over (one winner, in SQL) and re-drives it; true when the key completed. */
export async function recoverLease(e: EngineContext, row: KeyRow): Promise<boolean> {
  const req = sweepReq(row, 'sweep')
  const taking = takeOver(e, row, e.clock.nowMs(), () => {
    record(e, 'lease-takeover', req, say.sweepTakeover(row.key), { from: e.actor, to: 'db' })
    commit(e, req, say.sweepTakenOver(row.key), ['idempotencyKeys'])
  })
  const taken = isPending(taking) ? await taking : taking
  if (!taken) return false
  await drive(e, taken, req)
  const after = keyRow(e, row.account_id, row.key)
  return (isPending(after) ? await after : after)?.status === 'completed'
}

export async function reconcile(e: EngineContext): Promise<SweepReport> {
  const found = e.store.pendingKeys()
  const rows = isPending(found) ? await found : found
  record(e, 'sweep', undefined, say.reconciliationFinds(rows.length), { sweep: 'reconciliation' })
  let settled = 0
  for (const row of rows) {
    if (await e.steps.settleFromLookup(e, row, sweepReq(row, 'sweep'))) settled++
  }
  return { sweep: 'reconciliation', examined: rows.length, settled, remaining: rows.length - settled }
}

export async function settleFromLookup(e: EngineContext, row: KeyRow, req: Req): Promise<boolean> {
  const outcome = await e.provider.lookup(row.provider_key)
  record(
    e,
    'provider-lookup',
    req,
    say.lookup(row.provider_key, outcome.kind, outcome.kind === 'succeeded' ? outcome.chargeId : undefined),
    {
      from: 'provider',
      to: e.actor,
      providerKey: row.provider_key,
      ...(outcome.kind === 'succeeded' ? { chargeId: outcome.chargeId } : {}),
    },
  )
  const found = keyRow(e, row.account_id, row.key)
  const current = isPending(found) ? await found : found
  if (current?.status !== 'pending_unknown') return false
  if (outcome.kind === 'unavailable') return false
  if (outcome.kind === 'not-found') return redrivePending(e, current, req)
  await settleKnown(e, current, req, outcome.kind === 'succeeded' ? outcome.chargeId : null)
  const after = keyRow(e, row.account_id, row.key)
  return (isPending(after) ? await after : after)?.status === 'completed'
}

/** Reopens a pending_unknown key (one winner) and drives it again; true when it completed. */
export async function redrivePending(e: EngineContext, row: KeyRow, req: Req): Promise<boolean> {
  const reopening = reopen(e, row)
  if (!(isPending(reopening) ? await reopening : reopening)) return false
  await drive(e, { ...row, status: 'in_progress', lease_version: row.lease_version + 1 }, req)
  const after = keyRow(e, row.account_id, row.key)
  return (isPending(after) ? await after : after)?.status === 'completed'
}

/** A pending_unknown key whose outcome is now known (lookup or webhook): settle it once. */
function settleKnown(e: EngineContext, row: KeyRow, req: Req, providerChargeId: string | null): Answer {
  if (row.operation === 'create_payment') {
    const intent = JSON.parse(row.request_body) as PaymentIntent
    const state = providerChargeId === null ? 'failed' : 'succeeded'
    return finishPayment(e, row, req, intent, state, providerChargeId)
  }
  const intent = JSON.parse(row.request_body) as RefundIntent
  const refundId = providerChargeId ?? 're_unknown'
  // Not async: a synchronous store settles in this tick, as the schedule always had it.
  const found = e.store.getPayment(intent.paymentId)
  if (isPending(found)) return found.then((p) => finishRefund(e, row, req, intent, p!.currency, refundId))
  return finishRefund(e, row, req, intent, found!.currency, refundId)
}

export async function reapExpiredKeys(e: EngineContext): Promise<SweepReport> {
  const nowMs = e.clock.nowMs()
  const found = e.store.reapableKeys(nowMs)
  const rows = isPending(found) ? await found : found
  record(e, 'sweep', undefined, say.reaperFinds(rows.length), { sweep: 'reaper' })
  const reaping = e.store.reap(rows, nowMs, (deleted) => {
    for (const row of rows) record(e, 'key-expired', sweepReq(row, 'sweep'), say.reaped(row.key))
    if (deleted > 0) commit(e, undefined, say.keysDeleted(deleted), ['idempotencyKeys'])
  })
  const purged = isPending(reaping) ? await reaping : reaping
  return { sweep: 'reaper', examined: rows.length, settled: purged, remaining: rows.length - purged }
}

export async function handleWebhook(e: EngineContext, webhook: ProviderWebhook): Promise<WebhookResult> {
  const found = e.store.pendingByProviderKey(webhook.providerKey)
  const row = isPending(found) ? await found : found
  const arrow = {
    from: 'provider',
    to: e.actor,
    providerKey: webhook.providerKey,
    ...(webhook.chargeId ? { chargeId: webhook.chargeId } : {}),
  }
  if (!row) {
    const knowing = e.store.knowsProviderKey(webhook.providerKey)
    const known = isPending(knowing) ? await knowing : knowing
    record(e, 'webhook', undefined, say.webhookIgnored(webhook.providerKey), arrow)
    return { kind: known ? 'ignored' : 'unknown-key' }
  }
  const req = sweepReq(row, 'webhook')
  record(e, 'webhook', req, say.webhook(webhook.providerKey, webhook.outcome), arrow)
  const chargeId = webhook.outcome === 'succeeded' ? (webhook.chargeId ?? 'unknown') : null
  await settleKnown(e, row, req, chargeId)
  const after = keyRow(e, row.account_id, row.key)
  const completed = (isPending(after) ? await after : after)?.status === 'completed'
  return { kind: completed ? 'settled' : 'ignored' }
}
