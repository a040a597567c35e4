// A mock interview's phases as the device sends them at Finish and the report reads them back:
// the walk-through (the main card's prompt), up to three follow-ups (each a follow-up card's
// prompt), then "anything to add?". Client-safe: limits and the phases' order rule; the request's
// schema and the types inferred from it are ./phase-schema.ts (re-exported here as types only).
import type { FinishMockRequest } from './phase-schema'

export type { FinishMockRequest, MockPhase, PhaseKind } from './phase-schema'

export const MAX_FOLLOW_UPS = 3
/** "Anything to add?" has a short clock of its own. */
export const ADD_TARGET_MS = 30_000
/** A phase's clock when its card names no answer length. */
export const DEFAULT_TARGET_MS = 2 * 60_000
/** What one phase may hold: the grader's own limit on an answer. */
export const MAX_PHASE_TEXT = 20_000

/** The last question, the same for every mock. */
export const ANYTHING_TO_ADD = 'Anything to add?'

/** The phases' shape: walk-through first, then follow-ups (distinct), "anything to add?" last if present. */
export function phaseShapeProblem(request: FinishMockRequest, followUpIds: readonly string[]): string | null {
  const [first, ...rest] = request.phases
  if (first?.kind !== 'walkthrough' || first.cardId !== request.mainCardId)
    return 'the first phase is the walk-through of the main card'
  const last = rest.at(-1)
  const followUps = last?.kind === 'add' ? rest.slice(0, -1) : rest
  if (last?.kind === 'add' && last.cardId !== request.mainCardId)
    return '"anything to add?" belongs to the main card'
  if (followUps.length > MAX_FOLLOW_UPS) return `at most ${MAX_FOLLOW_UPS} follow-ups`
  const seen = new Set<string>()
  for (const phase of followUps) {
    if (phase.kind !== 'follow-up') return 'follow-ups come between the walk-through and "anything to add?"'
    if (!followUpIds.includes(phase.cardId)) return `"${phase.cardId}" is not a follow-up of the main card`
    if (seen.has(phase.cardId)) return `"${phase.cardId}" is asked twice`
    seen.add(phase.cardId)
  }
  return null
}
