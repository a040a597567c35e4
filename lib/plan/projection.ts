// The planned reviews from now to the interview, from the scheduler itself (final
// window included), assuming each planned review happens when it is due and is
// passed as Good: "if you keep to the plan". Not a guess at the learner's
// answers; a statement of what the schedule asks for.

import { Rating } from '@/lib/srs/rubric'
import { type CardSchedule, type SchedulerSettings, scheduleAfterGrade } from '@/lib/srs/scheduler'

/** Same-day steps could loop within a day; no plan needs more reviews than this for one card. */
const MAX_PLANNED_REVIEWS = 64

export interface ProjectedCard {
  /** When each planned review happens (ms), in order; all before the interview day starts. */
  reviewsMs: number[]
  /** The card's schedule after the last planned review (the current one when none is planned). */
  finalSchedule: CardSchedule | null
}

/**
 * Planned reviews of one card. `schedule` null: a card not started yet, started at
 * `startMs` (the pacing's planned day); a studied card is next reviewed at its due
 * (now, when it is overdue).
 */
export function projectCard({
  cardId,
  schedule,
  nowMs,
  startMs = nowMs,
  interviewStartMs,
  settings,
}: {
  cardId: string
  schedule: CardSchedule | null
  nowMs: number
  startMs?: number
  interviewStartMs: number
  settings: SchedulerSettings
}): ProjectedCard {
  const reviewsMs: number[] = []
  let current = schedule
  let atMs = Math.max(nowMs, current ? current.dueMs : startMs)
  while (atMs < interviewStartMs && reviewsMs.length < MAX_PLANNED_REVIEWS) {
    reviewsMs.push(atMs)
    current = scheduleAfterGrade(cardId, current, atMs, settings, Rating.Good).next
    atMs = Math.max(atMs, current.dueMs)
  }
  return { reviewsMs, finalSchedule: current }
}
