// Flaw "select-then-insert": the claim is a read, then a write with no conflict check.
// Two duplicates in the gap both see nothing and both charge; the key row's last
// writer wins (blind writes: no lease fence either).
// Replaces `claim` (correct: one atomic insert that only one request wins) and
// `completionFence` (correct: the update fenced by lease_version).
import { claimRow } from '../protocol/claim'
import { commit, type EngineContext, isLive, keyRow, type Req, reach, record } from '../protocol/context'
import { short } from '../protocol/narration'
import type { Claim, Steps } from '../protocol/steps'
import type { KeyFence, Operation, RefundReservation } from '../store-port'
import { flawStore, now } from './sqlite-only'

/** The key row's completion without the lease fence (shared with charge-before-insert). */
export function blindFence(): KeyFence {
  return 'none'
}

export const selectThenInsert: Partial<Steps> = {
  async claim(
    e: EngineContext,
    req: Req,
    operation: Operation,
    requestBody: string,
    reservation?: RefundReservation,
  ): Promise<Claim> {
    const existing = now(keyRow(e, req.scope, req.key))
    if (existing && isLive(existing, e.clock.nowMs())) return { won: false, row: existing }
    record(
      e,
      'claim-lookup',
      req,
      `server looks up ${short(req.key)} and sees no row (nothing is reserved yet)`,
      {
        from: e.actor,
        to: 'db',
      },
    )
    await reach(e, 'before-claim', req)
    const nowMs = e.clock.nowMs()
    const rejection = flawStore(e).claimBlind(claimRow(e, req, operation, requestBody, nowMs), reservation)
    if (rejection) return { won: false, ...rejection }
    const row = now(keyRow(e, req.scope, req.key))!
    record(
      e,
      'claim-inserted',
      req,
      `server writes the claim for ${short(req.key)} without a conflict check`,
      {
        from: e.actor,
        to: 'db',
      },
    )
    commit(e, req, `claim committed: ${short(req.key)} in_progress, empty response`, ['idempotencyKeys'])
    return { won: true, row }
  },
  completionFence: blindFence,
}
