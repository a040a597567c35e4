// Finish: the whole interview stored at once, for the learner in the cookie. Nothing is stored
// before (leaving mid-way stores nothing) and nothing graded here (Save grades does, once).
// The main card must be one of the learner's cards with follow-ups, each follow-up one of its own.
import { mockQueries } from '@/db/queries/mocks'
import type { Db } from '@/db/sql/db'
import { cardById } from '@/lib/content/cards'
import type { DeckRegistry } from '@/lib/decks'
import { type FinishMockRequest, phaseShapeProblem } from './phases'

export type FinishMockResult =
  | { kind: 'stored'; id: string }
  /** A retried Finish: this learner already has a mock with that id; nothing new stored. */
  | { kind: 'exists'; id: string }
  | { kind: 'invalid'; detail: string }
  | { kind: 'card-not-found'; cardId: string }

export async function checkFinishMock(
  db: Db,
  decks: DeckRegistry,
  learnerId: string,
  request: FinishMockRequest,
): Promise<Exclude<FinishMockResult, { kind: 'stored' | 'exists' }> | null> {
  const main = cardById(request.mainCardId)
  if (!main || main.followUps.length === 0 || !(await decks.findCard(db, learnerId, main.id)))
    return { kind: 'card-not-found', cardId: request.mainCardId }
  const problem = phaseShapeProblem(request, main.followUps)
  if (problem) return { kind: 'invalid', detail: problem }
  for (const phase of request.phases)
    if (!(await decks.findCard(db, learnerId, phase.cardId)))
      return { kind: 'card-not-found', cardId: phase.cardId }
  return null
}

/** Stores a mock `checkFinishMock` accepted (the caller stores the learner in between). */
export async function storeMock(
  db: Db,
  learnerId: string,
  request: FinishMockRequest,
  nowMs: number,
): Promise<FinishMockResult> {
  const stored = await mockQueries(db).insertMockIfMissing({
    learnerId,
    id: request.id,
    mainCardId: request.mainCardId,
    phases: JSON.stringify(request.phases),
    nowMs,
  })
  return { kind: stored ? 'stored' : 'exists', id: request.id }
}
