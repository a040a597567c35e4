// I5 liveness: no key stays in_progress. Judged against a deadline: a key a
// lease-recovery pass finds past its lease must leave in_progress within
// I5_PROVIDER_LATENCIES provider latencies of that pass (the slowest provider call
// the trace shows) — recovering stuck keys together meets it for any number of keys,
// one after another misses it from the fourth on. And after the final sweeps nothing
// is left in_progress or pending_unknown.
import type { Trace } from '../trace'
import { accountKey, short, type TraceCheck } from './fold'
import { lastIndexOf } from './i3-conservation'

export const I5_PROVIDER_LATENCIES = 3
/** Provider answers that end a call (matched to their provider-call to measure its latency). */
const PROVIDER_ANSWERS = new Set([
  'provider-accepted',
  'provider-declined',
  'provider-deduped',
  'provider-unavailable',
])

export function liveness(trace: Trace): TraceCheck {
  // Without a lease nothing may be taken over: only the end-of-run check applies.
  const noLease = trace.config?.flaws.includes('no-lease') ?? false
  const startMs = trace.startMs
  let providerLatencyMs = 0
  const callsOpen = new Map<string, number>()
  /** Keys a lease-recovery pass found past their lease → that pass's time. */
  const foundStuckAt = new Map<string, number>()
  return {
    onEvent(e, { keys }, report) {
      if (e.kind === 'provider-call')
        callsOpen.set(`${e.from}\u0000${e.requestId}\u0000${e.providerKey}`, e.tMs)
      else if (PROVIDER_ANSWERS.has(e.kind)) {
        const call = `${e.to}\u0000${e.requestId}\u0000${e.providerKey}`
        const calledAt = callsOpen.get(call)
        if (calledAt !== undefined) {
          callsOpen.delete(call)
          providerLatencyMs = Math.max(providerLatencyMs, e.tMs - calledAt)
        }
      } else if (e.kind === 'clock-jump')
        foundStuckAt.clear() // jumped time is no time to recover in
      else if (e.kind === 'sweep' && e.sweep === 'lease-recovery' && !noLease && startMs !== undefined) {
        const nowMs = startMs + e.tMs
        for (const k of keys) {
          const id = accountKey(k.accountId, k.key)
          if (k.status === 'in_progress' && k.leaseUntilMs <= nowMs && !foundStuckAt.has(id))
            foundStuckAt.set(id, e.tMs)
        }
      }
      if (foundStuckAt.size === 0 || !e.rows?.idempotencyKeys) return
      for (const [id, foundAt] of foundStuckAt) {
        const row = keys.find((k) => accountKey(k.accountId, k.key) === id)
        if (row?.status === 'in_progress') continue
        foundStuckAt.delete(id)
        const allowedMs = I5_PROVIDER_LATENCIES * providerLatencyMs
        if (e.tMs - foundAt > allowedMs)
          report.violation(
            'I5',
            `Key ${short(id.split('\u0000')[1] ?? '')} was past its lease when lease recovery ran, yet stayed in_progress ${e.tMs - foundAt} ms longer, past ${I5_PROVIDER_LATENCIES} provider latencies (${allowedMs} ms): stuck keys must be recovered together, not one after another.`,
            e.i,
          )
      }
    },
    atEnd(trace, { keys }, report) {
      const stuck = keys.filter((k) => k.status !== 'completed')
      if (stuck.length === 0) return
      const at = lastIndexOf(trace, (e) => e.kind === 'sweep') ?? trace.events.length - 1
      for (const k of stuck)
        report.violation(
          'I5',
          k.status === 'in_progress'
            ? `Key ${short(k.key)} is still in_progress after its lease and the final sweeps: a retry waits on it forever.`
            : `Key ${short(k.key)} is still pending_unknown after reconciliation: the outcome was never settled.`,
          at,
        )
    },
  }
}
