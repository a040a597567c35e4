// I5 liveness: after the final sweeps nothing is left in_progress or pending_unknown.
import { short, type TraceCheck } from './fold'
import { lastIndexOf } from './i3-conservation'

export const liveness: TraceCheck = {
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
