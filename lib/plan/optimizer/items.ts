// The optimizer's training items from the review log, as fsrs-rs wants them: one item
// per review after a card's first that happened on a later study day than the one
// before it, holding the card's reviews up to it (rating, days since the previous
// review; the first has 0). Days are study days in the learner's zone and rollover
// hour, as the scheduler counts them. Same-day reviews stay in the history but are
// not items of their own.
import type { HistoryReview } from '@/db/queries/plan'
import { type StudyDayConfig, studyDayNumberOf } from '@/lib/calendar'

/** [rating 1–4, days since the previous review]. */
export type TrainingReview = readonly [rating: number, deltaDays: number]
export type TrainingItem = readonly TrainingReview[]

/** Fewer training items than this and fitted parameters would fit noise: the button stays off. */
export const MIN_TRAINING_ITEMS = 50

export type TrainingItems = { ok: true; items: TrainingItem[] } | { ok: false; reason: string }

/** `history` grouped by card, each card's reviews in time order (db/queries/plan's order). */
export function trainingItemsFrom(history: readonly HistoryReview[], config: StudyDayConfig): TrainingItems {
  const items: TrainingItem[] = []
  let cardId: string | null = null
  let reviews: TrainingReview[] = []
  let lastDay = 0
  let lastMs = Number.NEGATIVE_INFINITY
  for (const review of history) {
    if (!Number.isInteger(review.rating) || review.rating < 1 || review.rating > 4)
      return {
        ok: false,
        reason: `a review of ${review.cardId} has rating ${review.rating}; ratings are 1–4`,
      }
    if (!Number.isFinite(review.reviewedAtMs) || review.reviewedAtMs < 0)
      return { ok: false, reason: `a review of ${review.cardId} has no valid time` }
    const day = studyDayNumberOf(review.reviewedAtMs, config)
    if (review.cardId !== cardId) {
      cardId = review.cardId
      reviews = [[review.rating, 0]]
    } else {
      if (review.reviewedAtMs < lastMs)
        return { ok: false, reason: `the reviews of ${review.cardId} are not in time order` }
      const deltaDays = day - lastDay
      reviews = [...reviews, [review.rating, deltaDays]]
      if (deltaDays > 0) items.push(reviews)
    }
    lastDay = day
    lastMs = review.reviewedAtMs
  }
  return { ok: true, items }
}

/**
 * The items as one flat buffer for the worker: [item count, then per item its review
 * count and its (rating, delta) pairs]. A transfer instead of cloning every small array.
 */
export function packItems(items: readonly TrainingItem[]): Float64Array<ArrayBuffer> {
  let length = 1
  for (const item of items) length += 1 + item.length * 2
  const packed = new Float64Array(length)
  packed[0] = items.length
  let at = 1
  for (const item of items) {
    packed[at++] = item.length
    for (const [rating, delta] of item) {
      packed[at++] = rating
      packed[at++] = delta
    }
  }
  return packed
}

/** How many training items the history gives (what the button's count says). */
export function countTrainingItems(history: readonly HistoryReview[], config: StudyDayConfig): number {
  const result = trainingItemsFrom(history, config)
  return result.ok ? result.items.length : 0
}
