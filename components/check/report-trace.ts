// A check:server report's timeline ({ atMs, from, to, kind, status, what }) as the sandbox's Trace,
// so /check draws it with the sandbox's own TimelineSvg (pure; unit-tested). Three lanes: Drill's
// checker as the client, the learner's server, Drill's provider. Each event's typed `kind` picks
// the trace kind whose short label and drawing fit it (a dropped answer is a lost arrow, the
// checker's kill -9 a crash mark that cuts the server's lifeline until its restart); the sentence
// in `what` is never read here, only kept as the event's `detail`.
import type { CheckResult, TimelineEvent, TimelineKind } from '@/lib/check-server/types'
import type { Trace, TraceActor, TraceEvent } from '@/lib/engine/client'

/** A pathological report could carry thousands of events per check; the drawing stops here. */
export const MAX_DRAWN_EVENTS = 200

export const CHECK_LANES: TraceActor[] = [
  { id: 'client', kind: 'client', label: 'Drill (client)' },
  { id: 'server', kind: 'server', label: 'Your server' },
  { id: 'provider', kind: 'provider', label: 'Drill’s provider' },
]

type Drawn = Pick<TraceEvent, 'kind' | 'actor' | 'from' | 'to' | 'status' | 'requestId'>

/** The trace kind each report event kind is drawn as. */
const TRACE_KIND: Record<TimelineKind, TraceEvent['kind']> = {
  request: 'request-sent',
  retry: 'client-retry',
  duplicate: 'request-sent',
  response: 'response-sent',
  'no-answer': 'response-lost',
  'provider-call': 'provider-call',
  'provider-deduped': 'provider-deduped',
  'provider-answer': 'provider-accepted',
  'provider-dropped': 'response-lost',
  kill: 'crash',
  restart: 'restart',
}

function drawn(e: TimelineEvent): Drawn {
  const kind = TRACE_KIND[e.kind]
  // The checker's own steps happen to the server: marks on its lane, not messages.
  if (e.kind === 'kill' || e.kind === 'restart') return { kind, actor: 'server' }
  return {
    kind,
    actor: e.from,
    from: e.from,
    to: e.to,
    ...(e.kind === 'response' && e.status !== undefined ? { status: e.status } : {}),
    ...(e.kind === 'duplicate' ? { requestId: 'duplicate' } : {}),
  }
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
