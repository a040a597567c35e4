// Recording one grade: claim the key, then card state + log in one transaction. The
// card's deck source says how its ticks suggest a rating. A grade made on a device
// (it carries its own review time) merges into the card's history in time order.
import { reviewRequestQueries } from '@/db/queries/review-requests'
import { type ReviewLogRecord, type StudyQueries, studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { isoDateDayNumber, studyDayBounds } from '@/lib/calendar'
import type { FoundCard } from '@/lib/decks'
import { newCardCeilingToday } from '@/lib/plan/pacing'
import { replayGrades } from '@/lib/srs/replay'
import { type GradeRating, type SuggestRating, suggestRecallRating } from '@/lib/srs/rubric'
import type { CardSchedule, SchedulerSettings } from '@/lib/srs/scheduler'
import { scheduleAfterGrade } from '@/lib/srs/scheduler'
import type { StudySettings } from '@/lib/srs/settings'
import type { StudyCard } from '@/lib/srs/study-card'
import { type GradeKey, keyedResponseOf, type StoredResponse } from './grade-key'
import { settingsForLearner } from './learner-settings'
import { parseIds, toSchedule } from './stored'

export type AnswerMode = 'spoken' | 'typed' | 'aloud'

export interface GradeInput {
  learnerId: string
  cardId: string
  /** The review attempt's own token: the Idempotency-Key when one was sent, else the body's. */
  attemptToken: string
  rating: GradeRating
  pointsTicked: readonly string[]
  durationMs: number
  answerMode: AnswerMode
  /** The server's now (ms). */
  nowMs: number
  /**
   * When the learner graded it, on the device (ms, at most nowMs). Set for grades from the
   * device's queue: the device chose the card from its queue, so neither "not due" nor the
   * new-card limit is checked again, and a grade earlier than the card's latest log merges.
   */
  reviewedAtMs?: number
  /** The request's key and body fingerprint: the outcome is stored under it for replays. */
  key?: GradeKey
}

export type GradeResult =
  | {
      kind: 'graded'
      logId: number
      rating: GradeRating
      dueMs: number
      reviewedAtMs: number
      /** Later logs of the card existed (another device): the card was rebuilt from all of them. */
      merged: boolean
      /** The card was deleted since: the grade is kept in history only. */
      cardDeleted: boolean
      /** With a key: the response stored under it (what a retry gets back). */
      stored?: StoredResponse
    }
  /** The same attempt was already recorded (double-click, retried submit): nothing new written. */
  | { kind: 'replayed'; logId: number; rating: GradeRating; dueMs: number }
  /** The attempt token was used for a different grade: refused, nothing written. */
  | { kind: 'token-reused'; logId: number }
  /** A retry of a keyed request: its stored response, nothing written. */
  | { kind: 'key-replayed'; stored: StoredResponse }
  /** The key names another body: refused (422), nothing written. */
  | { kind: 'key-reused' }
  /** The key's first request has not finished: 409 with Retry-After. */
  | { kind: 'key-in-flight'; retryAfterS: number }
  | { kind: 'card-not-found'; cardId: string }
  | { kind: 'not-due'; dueMs: number | null }

type Decision = Extract<GradeResult, { kind: 'key-replayed' | 'key-reused' | 'key-in-flight' }>

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  const left = [...a].sort()
  const right = [...b].sort()
  return left.length === right.length && left.every((id, i) => id === right[i])
}

/**
 * Records one review. Runs as one transaction under the learner's lock (every instance on
 * PostgreSQL, the single writer on SQLite): the key (or attempt token) is looked up before
 * anything is written, the log, the card state and the stored response commit together, so
 * a retry — or the same grade sent to another instance at once — replays the first result,
 * and a crash writes nothing. `suggestRating` is the card's deck source's rule; the log keeps
 * what it suggested.
 */
export async function gradeReview(
  db: Db,
  deck: readonly StudyCard[],
  input: GradeInput,
  suggestRating: SuggestRating,
): Promise<GradeResult> {
  const card = deck.find((c) => c.id === input.cardId)
  return db.transaction(
    async (tx): Promise<GradeResult> => {
      const q = studyQueries(tx)
      if (input.key) {
        const decided = await decideKey(tx, input.learnerId, input.key, input.nowMs)
        if (decided) return decided
      }
      const earlier = await q.getReviewLogByAttemptToken({
        learnerId: input.learnerId,
        attemptToken: input.attemptToken,
      })
      if (earlier) return replayOf(earlier, input)
      const result = card
        ? await recordGrade(tx, q, card, input, suggestRating)
        : await recordDeleted(q, input)
      if (result.kind !== 'graded' || !input.key) return result
      const stored = keyedResponseOf(result, input.cardId)
      const completed = await reviewRequestQueries(tx).completeReviewRequest({
        learnerId: input.learnerId,
        key: input.key.key,
        fingerprint: input.key.fingerprint,
        logId: result.logId,
        responseStatus: stored.status,
        responseBody: stored.body,
        nowMs: input.nowMs,
      })
      if (!completed) throw new Error('grade key completed inside a locked transaction that found it free')
      return { ...result, stored }
    },
    { lockKey: input.learnerId },
  )
}

/** A key seen before: its stored response, a mismatch, or still in flight. Undefined: free (or taken over). */
async function decideKey(
  db: Db,
  learnerId: string,
  key: GradeKey,
  nowMs: number,
): Promise<Decision | undefined> {
  const row = await reviewRequestQueries(db).getReviewRequestByKey({ learnerId, key: key.key })
  if (!row) return undefined
  if (row.fingerprint !== key.fingerprint) return { kind: 'key-reused' }
  if (row.status === 'completed' && row.responseStatus !== null && row.responseBody !== null)
    return { kind: 'key-replayed', stored: { status: row.responseStatus, body: row.responseBody } }
  // A claim whose grade never committed (its writer died) is taken over once its lease is up.
  if (row.leaseUntilMs > nowMs)
    return { kind: 'key-in-flight', retryAfterS: Math.max(1, Math.ceil((row.leaseUntilMs - nowMs) / 1000)) }
  return undefined
}

async function recordGrade(
  db: Db,
  q: StudyQueries,
  card: StudyCard,
  input: GradeInput,
  suggestRating: SuggestRating,
): Promise<GradeResult> {
  const settings = await settingsForLearner(db, input.learnerId)
  const reviewedAtMs = recordedAtMs(input)
  // Logs after this grade's time come from another device: this grade goes before them.
  const later = await q.listReviewsOfCardAfter({
    learnerId: input.learnerId,
    cardId: card.id,
    afterMs: reviewedAtMs,
  })
  const schedule = later[0]
    ? parseSnapshot(later[0].snapshot)
    : toSchedule(await q.getCardStateByLearnerAndCardId({ learnerId: input.learnerId, cardId: card.id }))
  if (input.reviewedAtMs === undefined) {
    const refused = await refuseNotDue(q, input, schedule, settings)
    if (refused) return refused
  }

  const known = new Set(card.points.map((p) => p.id))
  const ticked = [...new Set(input.pointsTicked)].filter((id) => known.has(id))
  const outcome = scheduleAfterGrade(card.id, schedule, reviewedAtMs, settings, input.rating)
  const logId = await q.claimReviewLog({
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
    reviewedAtMs,
    snapshot: schedule ? JSON.stringify(schedule) : null,
    dueAfterMs: outcome.next.dueMs,
  })
  if (logId === null) throw new Error('attempt token claimed inside a locked transaction that found it free')
  const final =
    later.length > 0
      ? await replayLater(q, input.learnerId, card.id, outcome.next, later, settings)
      : outcome.next
  await q.saveCardState(input.learnerId, { cardId: card.id, ...final })
  return {
    kind: 'graded',
    logId,
    rating: input.rating,
    dueMs: outcome.next.dueMs,
    reviewedAtMs,
    merged: later.length > 0,
    cardDeleted: false,
  }
}

/** The later logs replayed after the merged grade: each keeps its rating and time, gets its new before/due. */
async function replayLater(
  q: StudyQueries,
  learnerId: string,
  cardId: string,
  start: CardSchedule,
  later: readonly ReviewLogRecord[],
  settings: SchedulerSettings,
): Promise<CardSchedule> {
  const replayed = replayGrades(
    cardId,
    start,
    later.map((log) => ({ log, reviewedAtMs: log.reviewedAtMs, rating: log.rating as GradeRating })),
    settings,
  )
  for (const { grade, before, after } of replayed)
    await q.rewriteReviewLogSchedule({
      learnerId,
      logId: grade.log.id,
      snapshot: before ? JSON.stringify(before) : null,
      stateBefore: before?.state ?? 0,
      dueAfterMs: after.dueMs,
    })
  return replayed.at(-1)?.after ?? start
}

/** Online grades only: the card must be due this study day, and a new card within today's limit. */
async function refuseNotDue(
  q: StudyQueries,
  input: GradeInput,
  schedule: CardSchedule | null,
  settings: StudySettings,
): Promise<GradeResult | undefined> {
  const today = studyDayBounds(input.nowMs, settings)
  if (schedule) return schedule.dueMs >= today.endMs ? { kind: 'not-due', dueMs: schedule.dueMs } : undefined
  const counts = await q.countReviewsByLearnerIdBetween({
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
  return counts.newCards >= ceiling ? { kind: 'not-due', dueMs: null } : undefined
}

/**
 * A device's grade of a card deleted since it was queued: kept in history (its log), with no
 * card state to change. Only for queued grades of a card the learner has reviewed before —
 * an id the learner never had is still "not found".
 */
async function recordDeleted(q: StudyQueries, input: GradeInput): Promise<GradeResult> {
  const last =
    input.reviewedAtMs === undefined
      ? undefined
      : await q.getLastReviewOfCard({ learnerId: input.learnerId, cardId: input.cardId })
  if (!last) return { kind: 'card-not-found', cardId: input.cardId }
  const reviewedAtMs = recordedAtMs(input)
  const logId = await q.claimReviewLog({
    learnerId: input.learnerId,
    cardId: input.cardId,
    attemptToken: input.attemptToken,
    rating: input.rating,
    suggestedRating: input.rating,
    pointsTicked: JSON.stringify([...new Set(input.pointsTicked)]),
    pointsAll: last.pointsAll,
    durationMs: Math.max(0, Math.round(input.durationMs)),
    answerMode: input.answerMode,
    // Reviewed before, so never a new card in the day's counts.
    stateBefore: last.stateBefore === 0 ? 1 : last.stateBefore,
    reviewedAtMs,
    snapshot: null,
    dueAfterMs: reviewedAtMs,
  })
  if (logId === null) throw new Error('attempt token claimed inside a locked transaction that found it free')
  return {
    kind: 'graded',
    logId,
    rating: input.rating,
    dueMs: reviewedAtMs,
    reviewedAtMs,
    merged: false,
    cardDeleted: true,
  }
}

/**
 * The time the review is recorded at: the device's (corrected) or the server's now, never after
 * now. A time before the card's latest review is another device's earlier review: it merges in
 * time order (the card is rebuilt from all its logs), never moved after the later one.
 */
function recordedAtMs(input: GradeInput): number {
  return Math.min(input.reviewedAtMs ?? input.nowMs, input.nowMs)
}

function parseSnapshot(snapshot: string | null): CardSchedule | null {
  return snapshot === null ? null : (JSON.parse(snapshot) as CardSchedule)
}

/**
 * Grades a card resolved through the deck registry, with its source's suggestion. No
 * card (deleted, or another learner's): an earlier attempt still replays, a queued grade
 * of a card with history is kept, else card-not-found.
 */
export function gradeFoundCard(
  db: Db,
  found: FoundCard | undefined,
  input: GradeInput,
): Promise<GradeResult> {
  if (!found) return gradeReview(db, [], input, suggestRecallRating)
  return gradeReview(db, [found.card], input, found.source.suggestRating)
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
