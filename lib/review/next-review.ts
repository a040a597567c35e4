// What the review loop offers next, and the dashboard's numbers: the learner's rows
// for this study day read once, then the queue rules of lib/srs. Time is passed in.
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import {
  DAY_MS,
  isoDateDayNumber,
  type StudyDayBounds,
  studyDayBounds,
  studyDayNumberOf,
} from '@/lib/calendar'
import { newCardPacing } from '@/lib/plan/pacing'
import { keptPerReviewLog } from '@/lib/review-log-kept'
import {
  limitReachedOf,
  nextCardOf,
  planStudyQueue,
  type QueueCounts,
  type StudyQueue,
} from '@/lib/srs/queue'
import { type CardSchedule, previewSchedule, type SchedulePreview } from '@/lib/srs/scheduler'
import type { StudySettings } from '@/lib/srs/settings'
import { streakEndingAt } from '@/lib/srs/streak'
import type { StudyCard } from '@/lib/srs/study-card'
import { settingsForLearner } from './learner-settings'
import { missedPointIds, toSchedule } from './stored'
import { dueStub, isDueStub, isStudyDeck, type StudyDeck } from './study-deck'

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

/** Due and new cards for this study day, in the order the loop offers them. */
interface StudyDayQueue<C extends StudyCard> {
  today: StudyDayBounds
  queue: StudyQueue<C>
}

/** A whole deck in memory (tests, small sources), or the review deck read as needed (study-deck.ts). */
export type QueueDeck<C extends StudyCard> = readonly C[] | StudyDeck<C>

async function studyQueue<C extends StudyCard>(
  db: Db,
  learnerId: string,
  deck: QueueDeck<C>,
  nowMs: number,
  settings: StudySettings,
): Promise<StudyDayQueue<C>> {
  if (isStudyDeck(deck))
    return (await lazyStudyQueue(db, learnerId, deck, nowMs, settings)) as unknown as StudyDayQueue<C>
  const q = studyQueries(db)
  const today = studyDayBounds(nowMs, settings)
  const [reviewsToday, dueRows, seenCardIds] = await Promise.all([
    q.countReviewsByLearnerIdBetween({ learnerId, fromMs: today.startMs, toMs: today.endMs }),
    q.getDueCardsByLearnerId({ learnerId, dueBeforeMs: today.endMs, limit: 10_000 }),
    q.getSeenCardIdsByLearnerId(learnerId),
  ])
  const rows = { reviewsToday, dueRows, seenCardIds }
  // An interview ahead may raise today's new-card limit so every card is seen twice before it.
  const notStarted = deck.reduce((n, card) => (rows.seenCardIds.has(card.id) ? n : n + 1), 0)
  const newPerDay = newPerDayOf(settings, today, notStarted, rows.reviewsToday.newCards)
  return { today, queue: planStudyQueue(deck, rows, nowMs, { ...settings, newPerDay }) }
}

function newPerDayOf(
  settings: StudySettings,
  today: StudyDayBounds,
  notStarted: number,
  startedToday: number,
) {
  return newCardPacing({
    ...settings,
    todayDay: today.dayNumber,
    interviewDay: settings.interviewDate ? isoDateDayNumber(settings.interviewDate) : null,
    notStarted,
    startedToday,
  }).limitToday
}

/** Rows due later today kept for learn-ahead and "next due" (the earliest of them is all that shows). */
const LATER_TODAY_ROWS = 200

/**
 * The same queue over a deck read as needed: the day's due rows (at most a day's review room of
 * them, plus the next ones later today), the first new cards within the new-card room, and the
 * totals counted in SQL — so what is read is bounded by the day, not the collection.
 */
async function lazyStudyQueue(
  db: Db,
  learnerId: string,
  deck: StudyDeck<StudyCard>,
  nowMs: number,
  settings: StudySettings,
): Promise<StudyDayQueue<StudyCard>> {
  const q = studyQueries(db)
  const today = studyDayBounds(nowMs, settings)
  const reviewsToday = await q.countReviewsByLearnerIdBetween({
    learnerId,
    fromMs: today.startMs,
    toMs: today.endMs,
  })
  // The day shows at most its room: totals are counted up to the room and one more (exactly only
  // while an interview is ahead, whose pacing needs how many cards are not started).
  const reviewRoom = Math.max(0, settings.reviewsPerDay - (reviewsToday.reviews - reviewsToday.newCards))
  const interviewAhead = settings.interviewDate !== null
  const newCap = interviewAhead ? Number.POSITIVE_INFINITY : settings.newPerDay + 1
  const [atHandStates, ownDueNow, ownLater, ownDueTotal, ownUnseenTotal] = await Promise.all([
    deck.atHandDue(),
    deck.own.dueBetween(Number.MIN_SAFE_INTEGER, nowMs + 1, reviewRoom),
    deck.own.dueBetween(nowMs + 1, today.endMs, LATER_TODAY_ROWS),
    deck.own.dueCountBefore(today.endMs, reviewRoom + 1),
    deck.own.unseenCount(newCap),
  ])
  const seenCardIds = new Set(atHandStates.map((row) => row.cardId))
  const atHandDue = atHandStates.filter((row) => row.dueMs < today.endMs)
  const atHandUnseen = deck.atHand.filter((card) => !seenCardIds.has(card.id)).length
  const ownDue = [...ownDueNow, ...ownLater]
  for (const row of ownDue) seenCardIds.add(row.cardId)
  const dueRows = [...atHandDue, ...ownDue].sort((a, b) => a.dueMs - b.dueMs)
  const notStarted = atHandUnseen + ownUnseenTotal
  const newPerDay = newPerDayOf(settings, today, notStarted, reviewsToday.newCards)
  const newRoom = Math.max(0, newPerDay - reviewsToday.newCards)
  const ownNew = await deck.own.unseen(Math.min(ownUnseenTotal, Math.max(0, newRoom - atHandUnseen)))
  const cards: StudyCard[] = [...deck.atHand, ...ownDue.map((row) => dueStub(row.cardId)), ...ownNew]
  const queue = planStudyQueue(cards, { reviewsToday, dueRows, seenCardIds }, nowMs, {
    ...settings,
    newPerDay,
  })
  // The totals are the collection's, not the rows read.
  const dueTotal = atHandDue.length + ownDueTotal
  const newTotal = notStarted
  queue.counts = {
    ...queue.counts,
    dueTotal,
    newTotal,
    dueNow: Math.min(dueTotal, queue.reviewRoom),
    newAvailable: Math.min(newTotal, queue.newRoom),
  }
  return { today, queue }
}

/** The card itself: a due own card of a study deck is a stub until the queue offers it. */
async function fullCard<C extends StudyCard>(deck: QueueDeck<C>, card: C): Promise<C | undefined> {
  if (!isStudyDeck(deck) || !isDueStub(card)) return card
  return (await deck.own.load(card.id)) as C | undefined
}

/** The earliest due time after now: a step later today, else the first card due after today. */
async function nextDueMsOf<C extends StudyCard>(
  db: Db,
  learnerId: string,
  { today, queue }: StudyDayQueue<C>,
): Promise<number | null> {
  return (
    queue.laterTodayRows[0]?.dueMs ??
    (await studyQueries(db).getNextDueMsByLearnerId({ learnerId, fromMs: today.endMs }))
  )
}

/** Due cards first (earliest first), then new cards in deck order within the daily limit. */
export async function nextReview<C extends StudyCard>(
  db: Db,
  learnerId: string,
  deck: QueueDeck<C>,
  nowMs: number,
): Promise<NextReview<C>> {
  const settings = await settingsForLearner(db, learnerId)
  const day = await studyQueue(db, learnerId, deck, nowMs, settings)
  const offered = nextCardOf(day.queue)
  const card = offered && (await fullCard(deck, offered))
  if (!card) {
    return {
      kind: 'done',
      nextDueMs: await nextDueMsOf(db, learnerId, day),
      limitReached: limitReachedOf(day.queue),
    }
  }
  const q = studyQueries(db)
  const [state, last] = await Promise.all([
    q.getCardStateByLearnerAndCardId({ learnerId, cardId: card.id }),
    q.getLastReviewOfCard({ learnerId, cardId: card.id }),
  ])
  const schedule = toSchedule(state)
  return {
    kind: 'card',
    card,
    schedule,
    preview: previewSchedule(card.id, schedule, nowMs, settings),
    missedLastTime: last ? missedPointIds(last) : [],
    lastReviewId: last?.id ?? null,
    dueCount: day.queue.counts.dueNow,
    newCount: day.queue.counts.newAvailable,
  }
}

export type DayCard<C extends StudyCard = StudyCard> = Extract<NextReview<C>, { kind: 'card' }>

/**
 * The whole study day's queue in the order the loop offers it (due, then new within the
 * limits, then steps due soon), each card as nextReview would offer it: what /review
 * renders at once, so a device can go on grading without a connection. Empty: done.
 */
export async function reviewDay<C extends StudyCard>(
  db: Db,
  learnerId: string,
  deck: QueueDeck<C>,
  nowMs: number,
): Promise<DayCard<C>[]> {
  const settings = await settingsForLearner(db, learnerId)
  const { queue } = await studyQueue(db, learnerId, deck, nowMs, settings)
  const ids = [
    ...new Set([
      ...queue.dueNowRows.map((row) => row.cardId),
      ...queue.newCards.map((card) => card.id),
      ...queue.aheadRows.map((row) => row.cardId),
    ]),
  ]
  const q = studyQueries(db)
  // The rows of every card first (in parallel on PostgreSQL), then the counts in queue order.
  const stored = await Promise.all(
    ids.map(async (id) => {
      const inDeck = queue.inDeck.get(id)
      const card = inDeck && (await fullCard(deck, inDeck))
      if (!card) return null
      const [state, last] = await Promise.all([
        q.getCardStateByLearnerAndCardId({ learnerId, cardId: id }),
        q.getLastReviewOfCard({ learnerId, cardId: id }),
      ])
      return { id, card, schedule: toSchedule(state), last }
    }),
  )
  let dueLeft = queue.counts.dueNow
  let newLeft = queue.counts.newAvailable
  return stored.flatMap((row) => {
    if (!row) return []
    const { id, card, schedule, last } = row
    const entry: DayCard<C> = {
      kind: 'card',
      card,
      schedule,
      preview: previewSchedule(id, schedule, nowMs, settings),
      missedLastTime: last ? missedPointIds(last) : [],
      lastReviewId: last?.id ?? null,
      dueCount: dueLeft,
      newCount: newLeft,
    }
    if (schedule) dueLeft = Math.max(0, dueLeft - 1)
    else newLeft = Math.max(0, newLeft - 1)
    return [entry]
  })
}

export interface StudySummary extends QueueCounts {
  /** The earliest due time after now, or null when nothing is scheduled. */
  nextDueMs: number | null
  /** Consecutive study days with at least one review, ending today (or yesterday, if today has none yet). */
  streakDays: number
  settings: StudySettings
}

/**
 * The study days with a review in the 400 days before today, per learner: kept while the review
 * log's version, the study-day settings and today hold (lib/review-log-kept), so the dashboard
 * does not read and place 2,000 review times on every view.
 */
const keptStudyDays = keptPerReviewLog<ReadonlySet<number>>(64)

export async function studySummary(
  db: Db,
  learnerId: string,
  deck: QueueDeck<StudyCard>,
  nowMs: number,
): Promise<StudySummary> {
  const settings = await settingsForLearner(db, learnerId)
  const day = await studyQueue(db, learnerId, deck, nowMs, settings)
  const nextDueMs = await nextDueMsOf(db, learnerId, day)
  const sinceMs = day.today.startMs - 400 * DAY_MS
  const days = await keptStudyDays.get(
    db,
    learnerId,
    async () =>
      new Set(
        (await studyQueries(db).getReviewTimesByLearnerIdSince({ learnerId, sinceMs })).map((ms) =>
          studyDayNumberOf(ms, settings),
        ),
      ),
    { also: `${settings.timezone} ${settings.rolloverHour} ${day.today.dayNumber}` },
  )
  return {
    ...day.queue.counts,
    nextDueMs,
    streakDays: streakEndingAt(days, day.today.dayNumber),
    settings,
  }
}
