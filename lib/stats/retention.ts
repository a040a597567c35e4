// True retention per week, as Anki defines it: of the reviews of cards that were
// in the review state (not new, not learning), the share graded Hard, Good or
// Easy. Again is a lapse.

import { Rating } from '@/lib/srs/rubric'
import { State } from '@/lib/srs/scheduler'
import type { StatsReview } from './inputs'
import { dayKey, mondayOf, type StudyDayOptions, studyDayOf, studyDaysOfReviews } from './study-day'

export interface RetentionWeek {
  /** Day number of the week's Monday (study days). */
  weekStart: number
  weekStartDate: string
  /** Reviews of cards in the review state that week. */
  reviewed: number
  passed: number
  /** passed / reviewed, or null for a week without such reviews. */
  retention: number | null
}

export interface RetentionSummary {
  weeks: RetentionWeek[]
  reviewed: number
  passed: number
  retention: number | null
}

export function weeklyTrueRetention(
  reviews: readonly StatsReview[],
  nowMs: number,
  options: StudyDayOptions,
  weekCount = 12,
): RetentionSummary {
  const thisMonday = mondayOf(studyDayOf(nowMs, options))
  const firstMonday = thisMonday - 7 * (weekCount - 1)
  const weeks: RetentionWeek[] = Array.from({ length: weekCount }, (_, i) => {
    const weekStart = firstMonday + 7 * i
    return { weekStart, weekStartDate: dayKey(weekStart), reviewed: 0, passed: 0, retention: null }
  })
  const reviewDays = studyDaysOfReviews(reviews, options)
  for (const [i, review] of reviews.entries()) {
    if (review.stateBefore !== State.Review) continue
    const index = (mondayOf(reviewDays[i] as number) - firstMonday) / 7
    const week = weeks[index]
    if (!week) continue
    week.reviewed++
    if (review.rating !== Rating.Again) week.passed++
  }
  for (const week of weeks) week.retention = week.reviewed > 0 ? week.passed / week.reviewed : null
  const reviewed = weeks.reduce((sum, w) => sum + w.reviewed, 0)
  const passed = weeks.reduce((sum, w) => sum + w.passed, 0)
  return { weeks, reviewed, passed, retention: reviewed > 0 ? passed / reviewed : null }
}
