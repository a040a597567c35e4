// Why a card's next review is where it is: "brought forward from 14 Jan so it is
// reviewed before your interview". Worked out from the card's latest review rather
// than stored: either the date was saved after that review and moved the due it
// gave (the review log keeps that due), or the grade itself was brought forward,
// which the scheduler says again when it recomputes that same grade.
import type { LastReview } from '@/db/queries/plan'
import type { CardStateRecord } from '@/db/queries/study'
import { studyDayNumberOf } from '@/lib/calendar'
import type { GradeRating } from '@/lib/srs/rubric'
import { type CardSchedule, type SchedulerSettings, scheduleAfterGrade } from '@/lib/srs/scheduler'

function snapshotOf(json: string | null): CardSchedule | null {
  if (json === null) return null
  try {
    return JSON.parse(json) as CardSchedule
  } catch {
    return null
  }
}

/** The due plain FSRS had given this card, when the interview's final window moved it earlier; else null. */
export function broughtForwardFromMs({
  row,
  last,
  settings,
  interviewDay,
}: {
  row: CardStateRecord
  last: LastReview | undefined
  settings: SchedulerSettings
  interviewDay: number | null
}): number | null {
  if (!last || interviewDay === null || last.rating < 1 || last.rating > 4) return null
  if (row.dueMs < last.dueAfterMs && studyDayNumberOf(last.dueAfterMs, settings) >= interviewDay)
    return last.dueAfterMs
  if (row.dueMs !== last.dueAfterMs) return null
  const outcome = scheduleAfterGrade(
    row.cardId,
    snapshotOf(last.snapshot),
    last.reviewedAtMs,
    settings,
    last.rating as GradeRating,
  )
  return outcome.next.dueMs === row.dueMs ? (outcome.broughtForwardFromMs ?? null) : null
}
