// A made-up but plausible review history as a Drill study-state export file: cards
// reviewed at growing intervals, forgotten now and then (seeded), so the FSRS
// optimizer has something to fit. Used by e2e/plan.spec.ts (imported through
// POST /api/import) and by the unit tests and benchmark of the optimizer. Pure (its one
// import is the seeded generator): time and seed passed in.
import { mulberry32 } from '../lib/mulberry32'

const DAY_MS = 86_400_000

export interface HistoryOptions {
  /** How many reviews in all (spread over `cards` cards, as evenly as they go). */
  reviews: number
  cards: number
  /** The first review's instant; later ones follow at growing intervals. */
  startMs: number
  seed: number
  /** Card ids start with this (distinct from the built-in cards). */
  prefix?: string
}

export function studyHistoryFile({ reviews, cards, startMs, seed, prefix = 'history' }: HistoryOptions) {
  const random = mulberry32(seed)
  const reviewLogs: Record<string, unknown>[] = []
  const perCard = Math.ceil(reviews / cards)
  for (let c = 0; c < cards && reviewLogs.length < reviews; c++) {
    const cardId = `${prefix}-${c}`
    let atMs = startMs + Math.floor(random() * 5) * DAY_MS + 9 * 3_600_000
    let stability = 0
    let intervalDays = 0
    for (let r = 0; r < perCard && reviewLogs.length < reviews; r++) {
      let rating: number
      if (r === 0) {
        // First sight, and the first intervals a scheduler gives: Again 1 day, Good 2, Easy 8.
        const u = random()
        rating = u < 0.2 ? 1 : u < 0.9 ? 3 : 4
        stability = rating === 1 ? 0.4 : rating === 3 ? 2.3 : 8.3
        intervalDays = rating === 1 ? 1 : rating === 3 ? 2 : 8
      } else {
        const recall = (1 + (19 / 81) * (intervalDays / stability)) ** -0.5
        const remembered = random() < recall
        rating = remembered ? (random() < 0.12 ? 4 : random() < 0.1 ? 2 : 3) : 1
        stability =
          rating === 1
            ? Math.max(0.4, stability * 0.3)
            : stability * (1.6 + (rating - 2) * 0.6 + random() * 0.8)
        intervalDays = rating === 1 ? 1 : Math.max(1, Math.round(stability * 0.95))
      }
      reviewLogs.push({
        cardId,
        attemptToken: `${prefix}-${seed}-${c}-${r}`,
        rating,
        suggestedRating: rating,
        pointsTicked: [],
        pointsAll: [],
        durationMs: 8_000 + Math.floor(random() * 40_000),
        answerMode: 'aloud',
        stateBefore: r === 0 ? 0 : 2,
        reviewedAtMs: atMs,
        snapshot: null,
        dueAfterMs: atMs + intervalDays * DAY_MS,
      })
      atMs += intervalDays * DAY_MS + Math.floor(random() * 3) * 3_600_000
    }
  }
  const lastMs = Math.max(...reviewLogs.map((log) => log.reviewedAtMs as number))
  return {
    format: 'drill-study-state',
    version: 1,
    exportedAtMs: lastMs + DAY_MS,
    settings: null,
    cardStates: [],
    reviewLogs,
  }
}
