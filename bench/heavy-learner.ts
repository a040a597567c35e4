// A study-state export file for a learner with a long history: 2,000 reviews over 200
// cards (the 7 built-in cards and 193 own cards in five decks), ten reviews per card
// spread over the last 200 days, about half the cards due now. Seeded: the same file for
// the same (nowMs, seed). Imported through POST /api/import, as a learner would.
import { DAY_MS } from '../lib/calendar'
import { allCards } from '../lib/content/cards'
import { mulberry32 } from '../lib/mulberry32'
import type { StudyStateFileInput } from '../lib/transfer/format'

const CARDS = 200
const REVIEWS_PER_CARD = 10
const OWN_DECKS = ['Rate limiter', 'Outbox', 'Sharding', 'Caching', 'Queues']

export function heavyLearnerFile(nowMs: number, seed = 42): StudyStateFileInput {
  const random = mulberry32(seed)
  const builtIn = allCards().map((card) => ({ id: card.id, pointIds: card.points.map((p) => p.id) }))
  const ownCards = Array.from({ length: CARDS - builtIn.length }, (_, i) => ({
    id: `own-card-${i + 1}`,
    title: `Own card number ${i + 1}`,
    deck: OWN_DECKS[i % OWN_DECKS.length] as string,
    prompt: `Explain design question number ${i + 1} as you would in the interview.`,
    points: Array.from({ length: 5 }, (_, p) => ({
      id: `p${p + 1}`,
      text: `Own point number ${p + 1}, a sentence long`,
      critical: p === 0,
      cues: [`cue ${p + 1}`],
    })),
    answerMarkdown: `### Model answer\n\nA few paragraphs of **Markdown** for card ${i + 1}.\n`,
  }))
  const cards = [
    ...builtIn,
    ...ownCards.map((card) => ({ id: card.id, pointIds: card.points.map((p) => p.id) })),
  ]

  const reviewLogs: StudyStateFileInput['reviewLogs'] = []
  const cardStates: StudyStateFileInput['cardStates'] = []
  cards.forEach((card, c) => {
    let atMs = nowMs - 200 * DAY_MS + Math.floor(random() * DAY_MS)
    for (let r = 0; r < REVIEWS_PER_CARD; r++) {
      const rating = 1 + Math.floor(random() * 4)
      const ticked = card.pointIds.filter(() => random() < 0.8)
      const gapMs = Math.floor((1 + random() * 18) * DAY_MS)
      reviewLogs.push({
        cardId: card.id,
        attemptToken: `bench-${c}-${r}`,
        rating,
        suggestedRating: rating,
        pointsTicked: ticked,
        pointsAll: card.pointIds,
        durationMs: 30_000 + Math.floor(random() * 120_000),
        answerMode: 'aloud',
        stateBefore: r === 0 ? 0 : 2,
        reviewedAtMs: atMs,
        snapshot: null,
        dueAfterMs: atMs + gapMs,
      })
      atMs = Math.min(nowMs - 1000, atMs + gapMs)
    }
    const dueMs =
      random() < 0.5 ? nowMs - Math.floor(random() * 5 * DAY_MS) : nowMs + Math.floor(random() * 30 * DAY_MS)
    cardStates.push({
      cardId: card.id,
      dueMs,
      stability: 5 + random() * 40,
      difficulty: 3 + random() * 5,
      elapsedDays: 3,
      scheduledDays: 10,
      learningSteps: 0,
      reps: REVIEWS_PER_CARD,
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
    ownCards,
  }
}
