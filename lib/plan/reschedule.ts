// When an interview date is saved, cards already scheduled on or after that day
// (scheduled before there was a date, or for a later one) are brought forward into
// its final window, the same rule the scheduler applies to every later grade; a card
// last reviewed inside the window has had its window review and stays.
// Today counts as a window day here: a card moved to today is simply due now.
import type { DueMove } from '@/db/queries/plan'
import type { CardStateRecord } from '@/db/queries/study'
import { type StudyDayConfig, startOfStudyDayNumberMs, studyDayNumberOf } from '@/lib/calendar'
import { FINAL_WINDOW_DAYS, isInFinalWindow, windowDayFor } from '@/lib/srs/final-window'

export function dueMovesForInterview({
  cardStates,
  todayDay,
  interviewDay,
  config,
}: {
  cardStates: readonly CardStateRecord[]
  todayDay: number
  interviewDay: number
  config: StudyDayConfig
}): DueMove[] {
  const firstDay = Math.max(interviewDay - FINAL_WINDOW_DAYS, todayDay)
  const lastDay = interviewDay - 1
  if (firstDay > lastDay) return []
  const moves: DueMove[] = []
  for (const row of cardStates) {
    if (row.state === 0 || studyDayNumberOf(row.dueMs, config) < interviewDay) continue
    const lastReviewDay = row.lastReviewMs === null ? null : studyDayNumberOf(row.lastReviewMs, config)
    // Reviewed inside the window already: that was its window review.
    if (lastReviewDay !== null && isInFinalWindow(lastReviewDay, interviewDay)) continue
    const toDay = windowDayFor(row.cardId, firstDay, lastDay)
    moves.push({
      cardId: row.cardId,
      fromMs: row.dueMs,
      toMs: startOfStudyDayNumberMs(toDay, config),
      scheduledDays: Math.max(0, toDay - (lastReviewDay ?? toDay)),
    })
  }
  return moves
}
