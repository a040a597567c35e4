// A card's state rebuilt from its grades in time order. When two devices graded one
// card offline, the server keeps both logs and replays them from the state before the
// earlier one, so the result never depends on which device synced first: it is the
// state grading them in time order would have given. Pure; each grade carries its time.
import type { GradeRating } from './rubric'
import { type CardSchedule, type SchedulerSettings, scheduleAfterGrade } from './scheduler'

export interface TimedGrade {
  reviewedAtMs: number
  rating: GradeRating
}

export interface ReplayedGrade<G extends TimedGrade> {
  grade: G
  /** The card before this grade (null: new). */
  before: CardSchedule | null
  after: CardSchedule
}

/**
 * Applies `grades` (already in time order, ties in arrival order) to `start`, one by one.
 * Returns each grade with the card before and after it; the last `after` is the card's state.
 */
export function replayGrades<G extends TimedGrade>(
  cardId: string,
  start: CardSchedule | null,
  grades: readonly G[],
  settings: SchedulerSettings,
): ReplayedGrade<G>[] {
  const replayed: ReplayedGrade<G>[] = []
  let card = start
  for (const grade of grades) {
    const after = scheduleAfterGrade(cardId, card, grade.reviewedAtMs, settings, grade.rating).next
    replayed.push({ grade, before: card, after })
    card = after
  }
  return replayed
}

/** Time order for grades: by review time, then by the order they arrived (a stable sort). */
export function inTimeOrder<G extends TimedGrade>(grades: readonly G[]): G[] {
  return [...grades].sort((a, b) => a.reviewedAtMs - b.reviewedAtMs)
}
