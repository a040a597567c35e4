// How this learner answers, measured from their own review log: seconds per answer
// by rating (first sight and later reviews apart), and the mix of ratings (first
// sight; later reviews that were recalled). "Help me decide" draws from it, as
// Anki's simulator draws from the collection's revlog. Where the log says too
// little, fsrs-rs's simulator defaults fill in.
import type { HistoryReview } from '@/db/queries/plan'

/** Indexed by rating − 1: Again, Hard, Good, Easy. */
export type PerRating = readonly [number, number, number, number]

export interface AnswerProfile {
  firstSeconds: PerRating
  reviewSeconds: PerRating
  /** Shares of Again/Hard/Good/Easy at first sight (sum 1). */
  firstRatingShare: PerRating
  /** Shares of Hard/Good/Easy among recalled reviews (sum 1). */
  recalledRatingShare: readonly [number, number, number]
  /** Reviews the profile was measured on. */
  measuredReviews: number
}

// fsrs-rs SimulatorConfig defaults (learn_costs, review_costs, first_rating_prob, review_rating_prob).
const DEFAULT_FIRST_SECONDS: PerRating = [33.79, 24.3, 13.68, 6.5]
const DEFAULT_REVIEW_SECONDS: PerRating = [23.0, 11.68, 7.33, 5.6]
const DEFAULT_FIRST_SHARE: PerRating = [0.24, 0.094, 0.495, 0.171]
const DEFAULT_RECALLED_SHARE = [0.224, 0.631, 0.145] as const

/** An answer longer than this is a learner who walked away: counted at this length. */
export const MAX_ANSWER_SECONDS = 300
/** Fewer ratings than this and the learner's mix is too noisy to trust: the defaults are used. */
export const MIN_RATINGS_FOR_MIX = 10

function meanSeconds(samples: number[][], defaults: PerRating): PerRating {
  return samples.map((list, i) =>
    list.length === 0 ? defaults[i]! : list.reduce((sum, s) => sum + s, 0) / list.length,
  ) as unknown as PerRating
}

function shares<T extends readonly number[]>(counts: number[], defaults: T): T {
  const total = counts.reduce((sum, n) => sum + n, 0)
  return (total < MIN_RATINGS_FOR_MIX ? defaults : counts.map((n) => n / total)) as unknown as T
}

export function answerProfileFrom(history: readonly HistoryReview[]): AnswerProfile {
  const first: number[][] = [[], [], [], []]
  const later: number[][] = [[], [], [], []]
  const firstCounts = [0, 0, 0, 0]
  const recalledCounts = [0, 0, 0]
  let measured = 0
  for (const review of history) {
    if (review.rating < 1 || review.rating > 4) continue
    const index = review.rating - 1
    const seconds = Math.min(MAX_ANSWER_SECONDS, Math.max(0, review.durationMs / 1000))
    measured++
    if (review.stateBefore === 0) {
      first[index]!.push(seconds)
      firstCounts[index]!++
    } else {
      later[index]!.push(seconds)
      if (review.rating > 1) recalledCounts[index - 1]!++
    }
  }
  return {
    firstSeconds: meanSeconds(first, DEFAULT_FIRST_SECONDS),
    reviewSeconds: meanSeconds(later, DEFAULT_REVIEW_SECONDS),
    firstRatingShare: shares(firstCounts, DEFAULT_FIRST_SHARE),
    recalledRatingShare: shares(recalledCounts, DEFAULT_RECALLED_SHARE),
    measuredReviews: measured,
  }
}
