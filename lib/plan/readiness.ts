// Readiness: FSRS retrievability at the start of the interview day. For one card it
// is the forgetting curve R(t, S) with t the whole study days from its last review
// to the interview day (how ts-fsrs and the scheduler count days) and S its
// stability; the learner's own parameters set the curve's decay.
import { default_w, forgetting_curve } from 'ts-fsrs'
import { type StudyDayConfig, studyDayNumberOf } from '@/lib/calendar'
import { State } from '@/lib/srs/scheduler'

export interface RememberedCard {
  state: number
  stability: number
  lastReviewMs: number | null
}

/** Whole study days from the last review to the interview day (never negative). */
export function elapsedDaysAtInterview(
  lastReviewMs: number,
  interviewDay: number,
  config: StudyDayConfig,
): number {
  return Math.max(0, interviewDay - studyDayNumberOf(lastReviewMs, config))
}

/** The recall a studied card has at the start of the interview day with no further review; null for a card never studied. */
export function recallAtInterview(
  card: RememberedCard,
  interviewDay: number,
  config: StudyDayConfig,
  parameters: readonly number[] | null,
): number | null {
  if (card.state === State.New || card.lastReviewMs === null) return null
  return recallAfterDays(
    elapsedDaysAtInterview(card.lastReviewMs, interviewDay, config),
    card.stability,
    parameters,
  )
}

/** The forgetting curve itself, with the learner's decay (w20). */
export function recallAfterDays(
  elapsedDays: number,
  stability: number,
  parameters: readonly number[] | null,
): number {
  return forgetting_curve(parameters ?? default_w, elapsedDays, stability)
}

/** The mean of the values that are there, or null when none are. */
export function meanOf(values: readonly (number | null)[]): number | null {
  let sum = 0
  let count = 0
  for (const value of values)
    if (value !== null) {
      sum += value
      count++
    }
  return count === 0 ? null : sum / count
}
