// What a drill page or a review card hands to the browser: the round's questions and,
// per question, the timeline cut at the decision step and at the reveal. Client-safe.

import type { Trace, Violation } from '@/lib/engine/client'
import type { DrillQuestion } from './types'

export interface DrillQuestionView {
  id: string
  slot: string
  kind: DrillQuestion['kind']
  prompt: string
  options: { id: string; text: string }[]
  correctId: string
  explanation: string
  wrongNotes: Record<string, string>
  /** The timeline before checking: later steps hidden. */
  before: Trace
  beforeStep: number
  /** The timeline after checking: the real next step revealed. */
  after: Trace
  afterStep: number
  /** Broken invariants shown after checking (spot the bug). */
  violations: Violation[]
}

/** The trace up to and including event `upTo`, with the charge count of that prefix. */
export function traceUpTo(trace: Trace, upTo: number): Trace {
  const events = trace.events.slice(0, upTo + 1)
  const lastMs = events.at(-1)?.tMs ?? 0
  const charges = new Set(events.filter((e) => e.kind === 'provider-accepted').map((e) => e.chargeId)).size
  return {
    ...trace,
    events,
    responses: trace.responses.filter((r) => r.tMs <= lastMs),
    charges,
  }
}
