// A run in words: the one-line outcome (result heading, status line) and the longer
// description a screen reader gets for its timeline.
import { acceptedWrites, traceOutcome } from '@/components/timeline/model'
import type { AnySandboxRun } from '@/lib/sandbox/types'

export function outcome(run: AnySandboxRun): string {
  const writes = acceptedWrites(run.trace)
  const counted =
    run.trace.protocol === 'lease'
      ? `${writes} write${writes === 1 ? '' : 's'} accepted`
      : `${run.trace.charges} charge${run.trace.charges === 1 ? '' : 's'}`
  return run.violations.length === 0
    ? `${counted}, no invariant broken`
    : `${counted}, broken: ${run.violations.map((v) => v.id).join(', ')}`
}

export function describeRun(run: AnySandboxRun): string {
  const last = run.trace.events.at(-1)
  return `${run.trace.events.length} events on the lanes ${run.trace.actors.map((a) => a.label).join(', ')}; ${traceOutcome(
    run.trace,
  )}; ${
    run.violations.length === 0
      ? 'no invariant broken'
      : `broken: ${run.violations.map((v) => v.id).join(', ')}`
  }${last ? `; last event: ${last.detail}` : ''}.`
}
