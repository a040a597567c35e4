// A study-state export file for the learner of issue 47's item 5: every deck on (the file
// switches none off) and every built-in card of every topic deck reviewed 20 times, spread
// over the last 300 days, about half the cards due now. Seeded: the same file for the same
// (nowMs, seed). Imported through POST /api/import, as a learner would.
import { allCards } from '../lib/content/cards'
import { mulberry32 } from '../lib/mulberry32'
import type { StudyStateFileInput } from '../lib/transfer/format'

const DAY_MS = 86_400_000
export const FULL_DECK_REVIEWS_PER_CARD = 20

export function fullDeckLearnerFile(nowMs: number, seed = 47): StudyStateFileInput {
  const random = mulberry32(seed)
  const reviewLogs: StudyStateFileInput['reviewLogs'] = []
  const cardStates: StudyStateFileInput['cardStates'] = []
  allCards().forEach((card, c) => {
    const pointIds = card.points.map((point) => point.id)
    let atMs = nowMs - 300 * DAY_MS + Math.floor(random() * DAY_MS)
    for (let r = 0; r < FULL_DECK_REVIEWS_PER_CARD; r++) {
      const rating = 1 + Math.floor(random() * 4)
      const gapMs = Math.floor((1 + random() * 13) * DAY_MS)
      reviewLogs.push({
        cardId: card.id,
        attemptToken: `full-deck-${c}-${r}`,
        rating,
        suggestedRating: rating,
        pointsTicked: pointIds.filter(() => random() < 0.8),
        pointsAll: pointIds,
        durationMs: 30_000 + Math.floor(random() * 120_000),
        answerMode: 'aloud',
        stateBefore: r === 0 ? 0 : 2,
        reviewedAtMs: atMs,
        snapshot: null,
        dueAfterMs: atMs + gapMs,
      })
      atMs = Math.min(nowMs - 1000, atMs + gapMs)
    }
    cardStates.push({
      cardId: card.id,
      dueMs:
        random() < 0.5
          ? nowMs - Math.floor(random() * 5 * DAY_MS)
          : nowMs + Math.floor(random() * 30 * DAY_MS),
      stability: 5 + random() * 40,
      difficulty: 3 + random() * 5,
      elapsedDays: 3,
      scheduledDays: 10,
      learningSteps: 0,
      reps: FULL_DECK_REVIEWS_PER_CARD,
      lapses: Math.floor(random() * 3),
      state: 2,
      lastReviewMs: atMs,
    })
  })
  return {
    format: 'drill-study-state',
    version: 1,
    exportedAtMs: nowMs,
    settings: {
      desiredRetention: 0.9,
      newPerDay: 20,
      reviewsPerDay: 200,
      sameDaySteps: false,
      rolloverHour: 4,
      timezone: 'UTC',
      updatedAtMs: nowMs,
    },
    cardStates,
    reviewLogs,
    ownCards: [],
  }
}
