// A check:server report's timeline ({ atMs, from, to, what }) as the sandbox's Trace, so /check
// draws it with the sandbox's own TimelineSvg (pure; unit-tested). Three lanes: Drill's checker
// as the client, the learner's server, Drill's provider. Each event gets the kind whose short
// label and drawing fit it (a dropped answer is a lost arrow, the checker's kill -9 is a crash
// mark that cuts the server's lifeline until its restart); the full sentence stays in `detail`.
import { CHECKER_STEPS, type CheckResult, type TimelineEvent } from '@/lib/check-server/types'
import type { Trace, TraceActor, TraceEvent } from '@/lib/engine/client'

/** A pathological report could carry thousands of events per check; the drawing stops here. */
export const MAX_DRAWN_EVENTS = 200

export const CHECK_LANES: TraceActor[] = [
  { id: 'client', kind: 'client', label: 'Drill (client)' },
  { id: 'server', kind: 'server', label: 'Your server' },
  { id: 'provider', kind: 'provider', label: 'Drill’s provider' },
]

type Drawn = Pick<TraceEvent, 'kind' | 'actor' | 'from' | 'to' | 'status' | 'requestId'>

const message = (e: TimelineEvent, kind: TraceEvent['kind']): Drawn => ({
  kind,
  actor: e.from,
  from: e.from,
  to: e.to,
})

function drawn(e: TimelineEvent): Drawn {
  const route = `${e.from}>${e.to}`
  if (route === 'client>server') {
    if (e.what === CHECKER_STEPS.kill) return { kind: 'crash', actor: 'server' }
    if (e.what === CHECKER_STEPS.restart) return { kind: 'restart', actor: 'server' }
    if (e.what.startsWith('retry ')) return message(e, 'client-retry')
    if (e.what.startsWith('duplicate ')) return { ...message(e, 'request-sent'), requestId: 'duplicate' }
    return message(e, 'request-sent')
  }
  if (route === 'server>client') {
    const status = /^(\d{3})\b/.exec(e.what)
    return status
      ? { ...message(e, 'response-sent'), status: Number(status[1]) }
      : message(e, 'response-lost')
  }
  if (route === 'server>provider')
    return message(e, e.what.includes('repeated key') ? 'provider-deduped' : 'provider-call')
  if (route === 'provider>server')
    return message(e, e.what.startsWith('201') ? 'provider-accepted' : 'response-lost')
  return message(e, 'note')
}

/** One failing check's timeline as a trace (the first MAX_DRAWN_EVENTS events). */
export function checkTrace(check: CheckResult, seed: number): Trace {
  const events = check.timeline
    .slice(0, MAX_DRAWN_EVENTS)
    .map((e, i): TraceEvent => ({ i, tMs: e.atMs, detail: e.what, ...drawn(e) }))
  return {
    version: 1,
    scenario: check.id,
    seed,
    // The report counts ms from the check's start: the clock column reads as elapsed time.
    clockStart: '00:00:00.000',
    actors: CHECK_LANES,
    events,
    responses: [],
    charges: 0,
  }
}
