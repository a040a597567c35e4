// A run in words: the one-line outcome (result heading, status line) and the longer
// description a screen reader gets for its timeline.
import type { SandboxRun } from '@/lib/sandbox/types'

export function outcome(run: SandboxRun): string {
  const charges = `${run.trace.charges} charge${run.trace.charges === 1 ? '' : 's'}`
  return run.violations.length === 0
    ? `${charges}, no invariant broken`
    : `${charges}, broken: ${run.violations.map((v) => v.id).join(', ')}`
}

export function describeRun(run: SandboxRun): string {
  const last = run.trace.events.at(-1)
  return `${run.trace.events.length} events on the lanes ${run.trace.actors.map((a) => a.label).join(', ')}; ${
    run.trace.charges
  } charge${run.trace.charges === 1 ? '' : 's'} in the provider's ledger; ${
    run.violations.length === 0
      ? 'no invariant broken'
      : `broken: ${run.violations.map((v) => v.id).join(', ')}`
  }${last ? `; last event: ${last.detail}` : ''}.`
}
