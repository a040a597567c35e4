// Flaw "no-lease": an in_progress row never expires, so a claim whose server died
// blocks its key forever (every retry gets 409; no sweep may take it over).
// Replaces `leaseExpired` (correct: lease_until_ms has passed), `rejectInFlight` (its
// sentence) and `recoverLeases` (correct: take over and re-drive).
import { type Answer, type EngineContext, type Req, reach, record } from '../protocol/context'
import { short } from '../protocol/narration'
import type { Steps } from '../protocol/steps'
import { inFlightResponse } from '../responses'
import type { KeyRow } from '../store-port'
import type { SweepReport } from '../types'
import { now } from './sqlite-only'

export const noLease: Partial<Steps> = {
  leaseExpired: () => false,
  async rejectInFlight(e: EngineContext, _row: KeyRow, req: Req): Answer {
    const { retryAfterS } = e.config.inFlightPolicy
    record(
      e,
      'claim-conflict',
      req,
      `${short(req.key)} is still in_progress (no lease: it never expires): 409, retry after ${retryAfterS} s`,
      { from: 'db', to: e.actor },
    )
    await reach(e, 'before-response', req)
    return inFlightResponse(retryAfterS)
  },
  async recoverLeases(e: EngineContext): Promise<SweepReport> {
    const rows = now(e.store.expiredLeases(e.clock.nowMs()))
    record(
      e,
      'sweep',
      undefined,
      `lease recovery: without a lease, ${rows.length} in_progress key(s) can never be taken over`,
      { sweep: 'lease-recovery' },
    )
    return { sweep: 'lease-recovery', examined: rows.length, settled: 0, remaining: rows.length }
  },
}
