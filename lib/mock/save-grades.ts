// Save grades: one review per card the mock asked, with the suggested rating or the one the
// learner chose, through the review page's grade use case (lib/review gradeFoundCard: the
// card's rubric rule — a critical point missed or contradicted suggests Again —, FSRS, the
// study day, the interview plan's limits). Idempotent by the mock's id: the mock is marked
// saved in the same transaction as its reviews, each review's attempt token is derived from
// the mock and the card, so a second save, a reload or a retried request records nothing more.
// Refused whole (nothing stored) when a card named is not the learner's or not in the mock.
import { z } from 'zod'
import { mockQueries } from '@/db/queries/mocks'
import type { Db } from '@/db/sql/db'
import type { DeckRegistry, FoundCard } from '@/lib/decks'
import { gradeFoundCard } from '@/lib/review'
import type { GradeRating } from '@/lib/srs/rubric'
import { RATING_OF } from './report'
import { gradedMockOf } from './stored-mock'

/** POST /api/mock/{id}/grades's body: the ratings the learner chose (cards not named get their suggested one). */
export const saveMockGradesSchema = z.strictObject({
  ratings: z
    .array(
      z.strictObject({
        cardId: z.string().min(1).max(200),
        rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
      }),
    )
    .max(10),
})

export interface SavedReview {
  cardId: string
  rating: GradeRating
  logId: number
}

export type SaveMockGradesResult =
  | { kind: 'saved'; reviews: SavedReview[] }
  /** Saved before: nothing recorded now; the ratings recorded then. */
  | { kind: 'already-saved'; ratings: Record<string, number> }
  | { kind: 'mock-not-found' }
  | { kind: 'card-not-found'; cardId: string }
  | { kind: 'card-not-in-mock'; cardId: string }

/** The attempt token of a mock's review of a card: the same on every save of that mock. */
export function mockAttemptToken(mockId: string, cardId: string): string {
  return `mock:${mockId}:${cardId}`
}

export async function saveMockGrades(
  db: Db,
  decks: DeckRegistry,
  input: {
    learnerId: string
    mockId: string
    /** The learner's choices; a card asked but not named gets its suggested rating. */
    ratings: readonly { cardId: string; rating: GradeRating }[]
    nowMs: number
  },
): Promise<SaveMockGradesResult> {
  const { learnerId, mockId, nowMs } = input
  const record = await mockQueries(db).getMockById({ learnerId, id: mockId })
  if (!record) return { kind: 'mock-not-found' }
  const mock = gradedMockOf(record)
  const found = new Map<string, FoundCard>()
  for (const cardId of new Set([
    ...input.ratings.map((r) => r.cardId),
    ...mock.report.cards.map((c) => c.cardId),
  ])) {
    const card = await decks.findCard(db, learnerId, cardId)
    if (!card) return { kind: 'card-not-found', cardId }
    found.set(cardId, card)
  }
  const outside = input.ratings.find((r) => !mock.cards.has(r.cardId))
  if (outside) return { kind: 'card-not-in-mock', cardId: outside.cardId }
  if (record.savedAtMs !== null) return { kind: 'already-saved', ratings: mock.savedRatings ?? {} }
  const chosen = new Map(input.ratings.map((r) => [r.cardId, r.rating]))
  const plan = mock.report.cards.map((c) => ({
    ...c,
    rating: chosen.get(c.cardId) ?? RATING_OF[c.suggestedRating],
  }))
  const ratings = Object.fromEntries(plan.map((c) => [c.cardId, c.rating]))
  return db.transaction(
    async (tx): Promise<SaveMockGradesResult> => {
      const marked = await mockQueries(tx).markMockSaved({
        learnerId,
        id: mockId,
        savedRatings: JSON.stringify(ratings),
        nowMs,
      })
      if (!marked) {
        const again = await mockQueries(tx).getMockById({ learnerId, id: mockId })
        return { kind: 'already-saved', ratings: JSON.parse(again?.savedRatings ?? '{}') }
      }
      const reviews: SavedReview[] = []
      for (const card of plan) {
        const result = await gradeFoundCard(tx, found.get(card.cardId), {
          learnerId,
          cardId: card.cardId,
          attemptToken: mockAttemptToken(mockId, card.cardId),
          rating: card.rating,
          pointsTicked: card.heard,
          durationMs: card.durationMs,
          answerMode: card.answerMode,
          nowMs,
          // A mock asks cards whether or not they are due: recorded now, like a grade from the device.
          reviewedAtMs: nowMs,
        })
        // Marked saved in this transaction, so no review of this mock can exist yet.
        if (result.kind !== 'graded')
          throw new Error(`mock ${mockId}: grading ${card.cardId} gave ${result.kind}`)
        reviews.push({ cardId: card.cardId, rating: card.rating, logId: result.logId })
      }
      return { kind: 'saved', reviews }
    },
    { lockKey: learnerId },
  )
}
