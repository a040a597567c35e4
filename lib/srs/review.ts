// The review loop's use cases over the study tables: what to review next, grading
// (claim the attempt token, then card state + log in one transaction), undo from
// the stored snapshot, and the dashboard's numbers. Time is always passed in.
import type { Sqlite } from '@/db/open'
import { type CardStateRecord, type ReviewLogRecord, studyQueries } from '@/db/queries/study'
import { suggestDrillRating } from '@/lib/drills/rating'
import { isoDateDayNumber } from '@/lib/plan/final-window'
import { newCardCeilingToday, newCardPacing } from '@/lib/plan/pacing'
import { type GradeRating, suggestRating } from './rubric'
import { type CardSchedule, previewSchedule, type SchedulePreview, scheduleAfterGrade } from './scheduler'
import { type StudySettings, studySettingsFrom } from './settings'
import { DAY_MS, studyDayBounds, studyDayNumberOf } from './study-day'

/** The slice of a content card the loop needs. */
export interface StudyCard {
  id: string
  points: readonly { id: string; text: string; critical: boolean }[]
}

export type AnswerMode = 'spoken' | 'typed' | 'aloud'

/** With same-day steps on, a step due within this window may be shown early (Anki's learn-ahead). */
export const LEARN_AHEAD_MS = 20 * 60_000

export function settingsForLearner(sqlite: Sqlite, learnerId: string): StudySettings {
  return studySettingsFrom(studyQueries(sqlite).getLearnerSettingsByLearnerId(learnerId))
}

function toSchedule(record: CardStateRecord | undefined): CardSchedule | null {
  if (!record) return null
  const { cardId: _cardId, ...schedule } = record
  return schedule
}

function parseIds(json: string): string[] {
  const value: unknown = JSON.parse(json)
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
}

export type NextReview<C extends StudyCard = StudyCard> =
  | {
      kind: 'card'
      card: C
      schedule: CardSchedule | null
      preview: SchedulePreview
      /** Point ids missed at the last review of this card, if any were. */
      missedLastTime: string[]
      /** Id of this card's last review log, or null before its first review (one review round per value). */
      lastReviewId: number | null
      dueCount: number
      newCount: number
    }
  | { kind: 'done'; nextDueMs: number | null; limitReached: 'reviews' | 'new' | null }

export interface QueueCounts {
  /** Cards with a state due before the end of this study day (within the review limit). */
  dueNow: number
  /** New cards that may still be started today. */
  newAvailable: number
  reviewsToday: number
  newToday: number
  dueTotal: number
  newTotal: number
}

/** Due and new cards for this study day, in the order the loop offers them. */
function studyQueue<C extends StudyCard>(
  sqlite: Sqlite,
  learnerId: string,
  deck: readonly C[],
  nowMs: number,
  settings: StudySettings,
) {
  const q = studyQueries(sqlite)
  const today = studyDayBounds(nowMs, settings)
  const inDeck = new Map(deck.map((card) => [card.id, card]))
  const counts = q.countReviewsByLearnerIdBetween({ learnerId, fromMs: today.startMs, toMs: today.endMs })
  const reviewsToday = counts.reviews - counts.newCards
  const dueRows = q
    .getDueCardsByLearnerId({ learnerId, dueBeforeMs: today.endMs, limit: 10_000 })
    .filter((row) => inDeck.has(row.cardId))
  const seen = q.getSeenCardIdsByLearnerId(learnerId)
  const unseen = deck.filter((card) => !seen.has(card.id))
  const reviewRoom = Math.max(0, settings.reviewsPerDay - reviewsToday)
  // An interview ahead may raise today's new-card limit so every card is seen twice before it.
  const newLimit = newCardPacing({
    ...settings,
    todayDay: today.dayNumber,
    interviewDay: settings.interviewDate ? isoDateDayNumber(settings.interviewDate) : null,
    notStarted: unseen.length,
    startedToday: counts.newCards,
  }).limitToday
  const newRoom = Math.max(0, newLimit - counts.newCards)
  const dueNowRows = dueRows.filter((row) => row.dueMs <= nowMs).slice(0, reviewRoom)
  // Same-day steps only: a step due later today waits unless it is close (learn-ahead).
  const aheadRows = dueRows.filter((row) => row.dueMs > nowMs && row.dueMs <= nowMs + LEARN_AHEAD_MS)
  const laterTodayRows = dueRows.filter((row) => row.dueMs > nowMs)
  return {
    today,
    inDeck,
    dueNowRows,
    aheadRows,
    laterTodayRows,
    newCards: unseen.slice(0, newRoom),
    counts: {
      dueNow: Math.min(dueRows.length, reviewRoom),
      newAvailable: Math.min(unseen.length, newRoom),
      reviewsToday: counts.reviews,
      newToday: counts.newCards,
      dueTotal: dueRows.length,
      newTotal: unseen.length,
    } satisfies QueueCounts,
    reviewRoom,
    newRoom,
  }
}

/** The earliest due time after now: a step later today, else the first card due after today. */
function nextDueMsOf(
  sqlite: Sqlite,
  learnerId: string,
  queue: ReturnType<typeof studyQueue<StudyCard>>,
): number | null {
  return (
    queue.laterTodayRows[0]?.dueMs ??
    studyQueries(sqlite).getNextDueMsByLearnerId({ learnerId, fromMs: queue.today.endMs })
  )
}

/** Due cards first (earliest first), then new cards in deck order within the daily limit. */
export function nextReview<C extends StudyCard>(
  sqlite: Sqlite,
  learnerId: string,
  deck: readonly C[],
  nowMs: number,
): NextReview<C> {
  const settings = settingsForLearner(sqlite, learnerId)
  const queue = studyQueue(sqlite, learnerId, deck, nowMs, settings)
  const q = studyQueries(sqlite)
  const pick = queue.dueNowRows[0]?.cardId ?? queue.newCards[0]?.id ?? queue.aheadRows[0]?.cardId
  const card = pick === undefined ? undefined : queue.inDeck.get(pick)
  if (!card) {
    const nextDueMs = nextDueMsOf(sqlite, learnerId, queue)
    const limitReached =
      queue.counts.dueTotal > 0 && queue.reviewRoom === 0
        ? 'reviews'
        : queue.counts.newTotal > 0 && queue.newRoom === 0
          ? 'new'
          : null
    return { kind: 'done', nextDueMs, limitReached }
  }
  const schedule = toSchedule(q.getCardStateByLearnerAndCardId({ learnerId, cardId: card.id }))
  const last = q.getLastReviewOfCard({ learnerId, cardId: card.id })
  const missedLastTime = last ? missedPointIds(last) : []
  return {
    kind: 'card',
    card,
    schedule,
    preview: previewSchedule(card.id, schedule, nowMs, settings),
    missedLastTime,
    lastReviewId: last?.id ?? null,
    dueCount: queue.counts.dueNow,
    newCount: queue.counts.newAvailable,
  }
}

function missedPointIds(log: Pick<ReviewLogRecord, 'pointsAll' | 'pointsTicked'>): string[] {
  const ticked = new Set(parseIds(log.pointsTicked))
  return parseIds(log.pointsAll).filter((id) => !ticked.has(id))
}

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
 */
export function gradeReview(sqlite: Sqlite, deck: readonly StudyCard[], input: GradeInput): GradeResult {
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
      suggestedRating: suggestionFor(card, ticked),
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

/** Drill cards: all right → Good, one wrong → Hard, two or more → Again; recall cards: the rubric. */
function suggestionFor(card: StudyCard & { kind?: string }, ticked: readonly string[]): GradeRating {
  return card.kind === 'drill'
    ? suggestDrillRating(card.points.length, ticked.length)
    : suggestRating(card.points, new Set(ticked))
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

export type UndoResult =
  | { kind: 'undone'; cardId: string }
  | { kind: 'review-not-found' }
  /** A later review of the same card exists: undo that one first. */
  | { kind: 'not-latest' }

/** Restores the stored pre-review card exactly (or removes it, if it was new) and deletes the log. */
export function undoReview(
  sqlite: Sqlite,
  { learnerId, logId }: { learnerId: string; logId: number },
): UndoResult {
  const q = studyQueries(sqlite)
  const run = sqlite.transaction((): UndoResult => {
    const log = q.getReviewLogById({ learnerId, logId })
    if (!log) return { kind: 'review-not-found' }
    if (q.hasLaterReviewOfCard(log)) return { kind: 'not-latest' }
    if (log.snapshot === null) q.deleteCardState({ learnerId, cardId: log.cardId })
    else q.saveCardState(learnerId, { cardId: log.cardId, ...(JSON.parse(log.snapshot) as CardSchedule) })
    q.deleteReviewLog({ learnerId, logId })
    return { kind: 'undone', cardId: log.cardId }
  })
  return run.immediate()
}

/** The review Undo would take back: the learner's latest, if it happened this study day. */
export function undoableReview(
  sqlite: Sqlite,
  learnerId: string,
  nowMs: number,
): ReviewLogRecord | undefined {
  const settings = settingsForLearner(sqlite, learnerId)
  const latest = studyQueries(sqlite).getLatestReviewByLearnerId(learnerId)
  if (!latest) return undefined
  return latest.reviewedAtMs >= studyDayBounds(nowMs, settings).startMs ? latest : undefined
}

export interface StudySummary extends QueueCounts {
  /** The earliest due time after now, or null when nothing is scheduled. */
  nextDueMs: number | null
  /** Consecutive study days with at least one review, ending today (or yesterday, if today has none yet). */
  streakDays: number
  settings: StudySettings
}

export function studySummary(
  sqlite: Sqlite,
  learnerId: string,
  deck: readonly StudyCard[],
  nowMs: number,
): StudySummary {
  const settings = settingsForLearner(sqlite, learnerId)
  const queue = studyQueue(sqlite, learnerId, deck, nowMs, settings)
  const q = studyQueries(sqlite)
  const nextDueMs = nextDueMsOf(sqlite, learnerId, queue)
  const sinceMs = queue.today.startMs - 400 * DAY_MS
  const days = new Set(
    q.getReviewTimesByLearnerIdSince({ learnerId, sinceMs }).map((ms) => studyDayNumberOf(ms, settings)),
  )
  return { ...queue.counts, nextDueMs, streakDays: streakEndingAt(days, queue.today.dayNumber), settings }
}

export function streakEndingAt(studyDays: ReadonlySet<number>, today: number): number {
  let day = studyDays.has(today) ? today : today - 1
  let streak = 0
  while (studyDays.has(day)) {
    streak += 1
    day -= 1
  }
  return streak
}

/** Records the browser's zone the first time this learner shows up. */
export function rememberBrowserTimezone(
  sqlite: Sqlite,
  learnerId: string,
  timezone: string,
  nowMs: number,
): boolean {
  return studyQueries(sqlite).insertLearnerSettingsIfMissing({ learnerId, timezone, nowMs })
}
