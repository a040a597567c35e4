// Recording one grade: claim the attempt token, then card state + log in one
// transaction. The card's deck source says how its ticks suggest a rating.
import type { Sqlite } from '@/db/open'
import { type ReviewLogRecord, studyQueries } from '@/db/queries/study'
import type { FoundCard } from '@/lib/decks'
import { isoDateDayNumber } from '@/lib/plan/final-window'
import { newCardCeilingToday } from '@/lib/plan/pacing'
import { type GradeRating, type SuggestRating, suggestRecallRating } from '@/lib/srs/rubric'
import { scheduleAfterGrade } from '@/lib/srs/scheduler'
import type { StudyCard } from '@/lib/srs/study-card'
import { studyDayBounds } from '@/lib/srs/study-day'
import { settingsForLearner } from './learner-settings'
import { parseIds, toSchedule } from './stored'

export type AnswerMode = 'spoken' | 'typed' | 'aloud'

export interface GradeInput {
  learnerId: string
  cardId: string
  /** The review attempt's own idempotency key, minted when the card was shown. */
  attemptToken: string
  rating: GradeRating
  pointsTicked: readonly string[]
  durationMs: number
  answerMode: AnswerMode
  nowMs: number
}

export type GradeResult =
  | { kind: 'graded'; logId: number; rating: GradeRating; dueMs: number }
  /** The same attempt was already recorded (double-click, retried submit): nothing new written. */
  | { kind: 'replayed'; logId: number; rating: GradeRating; dueMs: number }
  /** The attempt token was used for a different grade: refused, nothing written. */
  | { kind: 'token-reused'; logId: number }
  | { kind: 'card-not-found'; cardId: string }
  | { kind: 'not-due'; dueMs: number | null }

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  const left = [...a].sort()
  const right = [...b].sort()
  return left.length === right.length && left.every((id, i) => id === right[i])
}

/**
 * Records one review. Runs as one IMMEDIATE transaction: the attempt token is
 * claimed (unique per learner) before the card state is written, so a retry of
 * the same attempt replays the first result and a crash writes nothing.
 * `suggestRating` is the card's deck source's rule; the log keeps what it suggested.
 */
export function gradeReview(
  sqlite: Sqlite,
  deck: readonly StudyCard[],
  input: GradeInput,
  suggestRating: SuggestRating,
): GradeResult {
  const q = studyQueries(sqlite)
  const card = deck.find((c) => c.id === input.cardId)
  const run = sqlite.transaction((): GradeResult => {
    const earlier = q.getReviewLogByAttemptToken({
      learnerId: input.learnerId,
      attemptToken: input.attemptToken,
    })
    if (earlier) return replayOf(earlier, input)
    if (!card) return { kind: 'card-not-found', cardId: input.cardId }

    const settings = settingsForLearner(sqlite, input.learnerId)
    const record = q.getCardStateByLearnerAndCardId({ learnerId: input.learnerId, cardId: card.id })
    const schedule = toSchedule(record)
    const today = studyDayBounds(input.nowMs, settings)
    if (schedule) {
      if (schedule.dueMs >= today.endMs) return { kind: 'not-due', dueMs: schedule.dueMs }
    } else {
      const counts = q.countReviewsByLearnerIdBetween({
        learnerId: input.learnerId,
        fromMs: today.startMs,
        toMs: today.endMs,
      })
      // An interview ahead may have raised today's new-card limit (lib/plan/pacing): up to its ceiling.
      const ceiling = newCardCeilingToday({
        ...settings,
        todayDay: today.dayNumber,
        interviewDay: settings.interviewDate ? isoDateDayNumber(settings.interviewDate) : null,
      })
      if (counts.newCards >= ceiling) return { kind: 'not-due', dueMs: null }
    }

    const known = new Set(card.points.map((p) => p.id))
    const ticked = [...new Set(input.pointsTicked)].filter((id) => known.has(id))
    const outcome = scheduleAfterGrade(card.id, schedule, input.nowMs, settings, input.rating)
    const logId = q.claimReviewLog({
      learnerId: input.learnerId,
      cardId: card.id,
      attemptToken: input.attemptToken,
      rating: input.rating,
      suggestedRating: suggestRating(card, new Set(ticked)),
      pointsTicked: JSON.stringify(ticked),
      pointsAll: JSON.stringify(card.points.map((p) => p.id)),
      durationMs: Math.max(0, Math.round(input.durationMs)),
      answerMode: input.answerMode,
      stateBefore: schedule?.state ?? 0,
      reviewedAtMs: input.nowMs,
      snapshot: schedule ? JSON.stringify(schedule) : null,
      dueAfterMs: outcome.next.dueMs,
    })
    if (logId === null)
      throw new Error('attempt token claimed inside an immediate transaction that found it free')
    q.saveCardState(input.learnerId, { cardId: card.id, ...outcome.next })
    return { kind: 'graded', logId, rating: input.rating, dueMs: outcome.next.dueMs }
  })
  return run.immediate()
}

/**
 * Grades a card resolved through the deck registry, with its source's suggestion. No
 * card (deleted, or another learner's): an earlier attempt still replays, else card-not-found.
 */
export function gradeFoundCard(sqlite: Sqlite, found: FoundCard | undefined, input: GradeInput): GradeResult {
  if (!found) return gradeReview(sqlite, [], input, suggestRecallRating)
  return gradeReview(sqlite, [found.card], input, found.source.suggestRating)
}

function replayOf(earlier: ReviewLogRecord, input: GradeInput): GradeResult {
  const sameGrade =
    earlier.cardId === input.cardId &&
    earlier.rating === input.rating &&
    sameIds(parseIds(earlier.pointsTicked), input.pointsTicked)
  if (!sameGrade) return { kind: 'token-reused', logId: earlier.id }
  return {
    kind: 'replayed',
    logId: earlier.id,
    rating: earlier.rating as GradeRating,
    dueMs: earlier.dueAfterMs,
  }
}
