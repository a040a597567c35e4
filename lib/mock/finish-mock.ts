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

async function checkFinishMock(
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

/**
 * Finish: checked, then stored once by its id. `storeLearner` runs between the two, so a
 * refusal stores nothing, not even the learner's row (POST /api/mock passes `ensureLearner`).
 */
export async function finishMock(
  db: Db,
  decks: DeckRegistry,
  {
    learnerId,
    nowMs,
    storeLearner,
  }: { learnerId: string; nowMs: number; storeLearner: () => Promise<unknown> },
  request: FinishMockRequest,
): Promise<FinishMockResult> {
  const refused = await checkFinishMock(db, decks, learnerId, request)
  if (refused) return refused
  await storeLearner()
  return storeMock(db, learnerId, request, nowMs)
}

/** Stores a mock `checkFinishMock` accepted. */
async function storeMock(
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
