// Flaw "serial-recovery": lease recovery re-drives the stuck keys one after another,
// waiting on each key's provider call before taking over the next. N stuck keys take N
// provider latencies, and the last key's client gets 409 all that time (I5 misses its
// deadline from the fourth key on). Replaces `recoverLeases` (correct: every expired
// lease taken over and re-driven together, bounded by recoveryConcurrency).
import { record } from '../protocol/context'
import { say } from '../protocol/narration'
import type { Steps } from '../protocol/steps'
import { recoverLease } from '../protocol/sweeps'
import { now } from './sqlite-only'

export const serialRecovery: Partial<Steps> = {
  async recoverLeases(e) {
    const rows = now(e.store.expiredLeases(e.clock.nowMs()))
    record(e, 'sweep', undefined, say.leaseRecoveryFinds(rows.length), { sweep: 'lease-recovery' })
    let settled = 0
    for (const row of rows) if (await recoverLease(e, row)) settled++
    return { sweep: 'lease-recovery', examined: rows.length, settled, remaining: rows.length - settled }
  },
}
