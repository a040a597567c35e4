// Cuts a check's timeline to the events that matter (pure): of events that say the same
// thing between the same two actors, the first two and the last are kept.
import type { TimelineEvent } from './types'

export function cutTimeline(events: TimelineEvent[]): TimelineEvent[] {
  const signature = (e: TimelineEvent) => `${e.from}>${e.to}>${e.kind}>${e.what.replace(/\d+ ms/g, '')}`
  const total = new Map<string, number>()
  for (const e of events) total.set(signature(e), (total.get(signature(e)) ?? 0) + 1)
  const seen = new Map<string, number>()
  const kept: TimelineEvent[] = []
  for (const e of events) {
    const s = signature(e)
    const n = (seen.get(s) ?? 0) + 1
    seen.set(s, n)
    const count = total.get(s)!
    if (n <= 2) kept.push(e)
    else if (n === count) kept.push({ ...e, what: `${e.what} (${count - 3} more like it left out)` })
  }
  return kept
}
