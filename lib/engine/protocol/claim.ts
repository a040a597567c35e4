// Step 1 of the card: claim before effect. One atomic insert of (scope, key) with
// status in_progress, committed before anything else happens. Exactly one request can
// win it; every other one gets the existing row and is answered from it (answers.ts).
import { isPending, type NewClaim, type Operation, type RefundReservation } from '../store-port'
import {
  commit,
  type EngineContext,
  isLive,
  keyRow,
  providerKeyFor,
  type Req,
  reach,
  record,
} from './context'
import { say } from './narration'
import type { Claim } from './steps'

/** The new key row's parameters, claimed at `nowMs`: its lease and its expiry start now. */
export function claimRow(
  e: EngineContext,
  req: Req,
  operation: Operation,
  requestBody: string,
  nowMs: number,
): NewClaim {
  return {
    scope: req.scope,
    key: req.key,
    operation,
    bodyHash: req.hash,
    requestBody,
    providerKey: providerKeyFor(operation, req.scope, req.key, nowMs),
    leaseUntilMs: nowMs + e.config.leaseMs,
    createdAtMs: nowMs,
    expiresAtMs: nowMs + e.config.keyTtlMs,
  }
}

/** Tries the atomic claim. Returns the claimed row, or the existing row it conflicted with. */
export async function claim(
  e: EngineContext,
  req: Req,
  operation: Operation,
  requestBody: string,
  reservation?: RefundReservation,
): Promise<Claim> {
  const nowMs = e.clock.nowMs()
  const found = keyRow(e, req.scope, req.key)
  const prior = isPending(found) ? await found : found
  // Fast path for a retry: a live row answers without attempting a write.
  if (prior && isLive(prior, nowMs)) return { won: false, row: prior }
  const newClaim = claimRow(e, req, operation, requestBody, nowMs)
  // One statement is atomic on its own; a refund's reservation needs the transaction.
  const attempt = reservation ? e.store.claimRefund(newClaim, reservation) : e.store.claim(newClaim)
  const claimed = isPending(attempt) ? await attempt : attempt
  if ('rejected' in claimed) return { won: false, ...claimed }
  if (!claimed.won) return { won: false, row: claimed.row }
  if (prior) record(e, 'key-expired', req, say.expiredRowReplaced(req.key))
  record(e, 'claim-inserted', req, say.claimInserted(req.key), { from: e.actor, to: 'db' })
  // A conflicting insert writes nothing; a winning one waits for its commit (the simulator's
  // database latency: its commit event comes after it, and shows the row as it is then).
  const latency = reach(e, 'before-claim', req)
  await latency
  const reread = latency === undefined ? claimed.row : keyRow(e, req.scope, req.key)
  const row = (isPending(reread) ? await reread : reread)!
  commit(e, req, say.claimCommitted(req.key), ['idempotencyKeys'])
  return { won: true, row }
}
