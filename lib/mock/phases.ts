// A mock interview's phases as the device sends them at Finish and the report reads them back:
// the walk-through (the main card's prompt), up to three follow-ups (each a follow-up card's
// prompt), then "anything to add?". Client-safe: types and limits, no zod (its eval probe trips
// the page's CSP in the browser); the request's schema is ./phase-schema.ts.

export const MAX_FOLLOW_UPS = 3
/** "Anything to add?" has a short clock of its own. */
export const ADD_TARGET_MS = 30_000
/** A phase's clock when its card names no answer length. */
export const DEFAULT_TARGET_MS = 2 * 60_000
/** What one phase may hold: the grader's own limit on an answer. */
export const MAX_PHASE_TEXT = 20_000

/** The last question, the same for every mock. */
export const ANYTHING_TO_ADD = 'Anything to add?'

export type PhaseKind = 'walkthrough' | 'follow-up' | 'add'

export interface MockPhase {
  kind: PhaseKind
  /** The card whose prompt was asked (the main card for the walk-through and "anything to add?"). */
  cardId: string
  /** What was said (the live transcript) or typed; may be empty (answered aloud only). */
  text: string
  answerMode: 'spoken' | 'typed' | 'aloud'
  durationMs: number
  targetMs: number
  /** For a follow-up: the main card's point it digs into (null: asked as the learner's hardest). */
  because?: string | null
}

/** POST /api/mock, sent at Finish: the whole interview at once (leaving mid-way sends nothing). */
export interface FinishMockRequest {
  /** Minted on the device (crypto.randomUUID): a retried Finish stores the mock once. */
  id: string
  mainCardId: string
  phases: MockPhase[]
}

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
