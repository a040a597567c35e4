// Anki's review log → Drill's: each card's memory state is recomputed from its
// history, in time order, by the scheduler Drill grades with and the learner's own
// settings — never copied from Anki's SM-2 interval. Entries Anki made without a
// recall (filtered-deck cramming, manual and bulk reschedules) are skipped.

import type { GradeRating } from '@/lib/srs/rubric'
import { type CardSchedule, type ScheduledOutcome, scheduleAfterGrade } from '@/lib/srs/scheduler'
import type { StudySettings } from '@/lib/srs/settings'
import type { AnkiReview } from './model'

/** revlog.type: 0 learn, 1 review, 2 relearn count; 3 filtered, 4 manual, 5 rescheduled do not. */
const RECALL_TYPES = new Set([0, 1, 2])

export function isRecall(review: AnkiReview): boolean {
  return RECALL_TYPES.has(review.type) && review.ease >= 1 && review.ease <= 4
}

/** The attempt token an imported review is stored under: the revlog id is unique per collection. */
export function attemptTokenOfRevlog(revlogId: number): string {
  return `anki-revlog:${revlogId}`
}

export interface ReplayedReview {
  rating: GradeRating
  reviewedAtMs: number
  before: CardSchedule | null
  outcome: ScheduledOutcome
}

/** Grades the reviews in time order, as if each had been graded in Drill at its time. */
export function replayHistory(
  cardId: string,
  reviews: readonly { rating: number; reviewedAtMs: number }[],
  settings: StudySettings,
): { steps: ReplayedReview[]; final: CardSchedule | null } {
  const ordered = [...reviews].sort((a, b) => a.reviewedAtMs - b.reviewedAtMs)
  let schedule: CardSchedule | null = null
  const steps: ReplayedReview[] = []
  for (const review of ordered) {
    const rating = review.rating as GradeRating
    const outcome = scheduleAfterGrade(cardId, schedule, review.reviewedAtMs, settings, rating)
    steps.push({ rating, reviewedAtMs: review.reviewedAtMs, before: schedule, outcome })
    schedule = outcome.next
  }
  return { steps, final: schedule }
}
