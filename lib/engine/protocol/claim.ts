// Step 1 of the card: claim before effect. One atomic insert of (scope, key) with
// status in_progress, committed before anything else happens. Exactly one request can
// win it; every other one gets the existing row and is answered from it (answers.ts).
import type { KeyRow, Operation } from '../store'
import {
  commit,
  type EngineContext,
  isLive,
  keyRow,
  providerKeyFor,
  type Req,
  reach,
  record,
  tx,
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
) {
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
  insideClaim?: () => void,
): Promise<Claim> {
  const nowMs = e.clock.nowMs()
  const prior: KeyRow | undefined = keyRow(e, req.scope, req.key)
  // Fast path for a retry: a live row answers without attempting a write.
  if (prior && isLive(prior, nowMs)) return { won: false, row: prior }
  const attempt = () => {
    const inserted = e.store.claim.run(claimRow(e, req, operation, requestBody, nowMs)).changes === 1
    if (inserted) insideClaim?.()
    return inserted
  }
  // One statement is atomic on its own; a refund's reservation needs the transaction.
  const won = insideClaim ? tx(e, attempt) : attempt()
  if (!won) return { won: false, row: keyRow(e, req.scope, req.key)! }
  if (prior) record(e, 'key-expired', req, say.expiredRowReplaced(req.key))
  record(e, 'claim-inserted', req, say.claimInserted(req.key), { from: e.actor, to: 'db' })
  // A conflicting insert writes nothing; a winning one waits for its commit (the simulator's database latency).
  await reach(e, 'before-claim', req)
  const row = keyRow(e, req.scope, req.key)!
  commit(e, req, say.claimCommitted(req.key), ['idempotencyKeys'])
  return { won: true, row }
}
