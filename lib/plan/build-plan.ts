// The interview plan for one learner, from plain data (the caller loads it): the
// countdown, readiness now and with the plan, every card's recall on the day, its
// next and last planned review, planned reviews per day, and the pacing of the
// cards not started yet. What GET /api/plan, /plan and the home page show.
import type { CardStateRecord } from '@/db/queries/study'
import { dayNumberIsoDate, isoDateDayNumber, startOfStudyDayNumberMs, studyDayNumberOf } from '@/lib/calendar'
import type { StudySettings } from '@/lib/srs/settings'
import { type NewCardPacing, newCardPacing, plannedStarts } from './pacing'
import { projectCard } from './projection'
import { meanOf, recallAtInterview } from './readiness'

export const STATE_NAMES = ['New', 'Learning', 'Review', 'Relearning'] as const
export type StateName = (typeof STATE_NAMES)[number]

export interface PlanDeckCard {
  id: string
  title: string
}

export interface PlanInput {
  nowMs: number
  settings: StudySettings
  /** The cards of the decks that are on, in deck order. */
  deck: readonly PlanDeckCard[]
  /** The learner's card states (cards outside the deck are left out of the plan). */
  cardStates: readonly CardStateRecord[]
  /** New cards started this study day. */
  startedToday: number
}

/** 'none': no date; 'ahead': before the day; 'today': the interview day; 'passed': after it. */
export type PlanStatus = 'none' | 'ahead' | 'today' | 'passed'

export interface PlanCard {
  cardId: string
  title: string
  state: StateName
  stability: number | null
  difficulty: number | null
  lastReviewMs: number | null
  nextDueMs: number | null
  /** Recall at the start of the interview day with no further review (null: not studied, or no date ahead). */
  recallAtInterview: number | null
  /** The same, after every planned review passed as Good. */
  recallWithPlan: number | null
  plannedReviews: number
  lastPlannedReviewMs: number | null
  /** Not started yet: the study day the pacing starts it, and the latest it can start to be seen twice. */
  plannedStartDay: number | null
  startByDay: number | null
}

export interface PlanDay {
  day: number
  date: string
  /** Planned reviews of cards already studied or started by then. */
  reviews: number
  /** Cards planned to start that day. */
  newCards: number
}

export interface Plan {
  status: PlanStatus
  interviewDate: string | null
  interviewDay: number | null
  todayDay: number
  /** Study days from today to the interview (0 on the day, negative after it); null without a date. */
  daysLeft: number | null
  interviewStartMs: number | null
  /** Mean recall on the day over the studied cards, no further review / keeping to the plan. */
  expectedRecall: number | null
  expectedRecallWithPlan: number | null
  studiedCount: number
  cards: PlanCard[]
  /** Today to the interview day (inclusive: the last entry is the day itself, with no reviews). */
  days: PlanDay[]
  pacing: NewCardPacing
}

export function buildPlan({ nowMs, settings, deck, cardStates, startedToday }: PlanInput): Plan {
  const todayDay = studyDayNumberOf(nowMs, settings)
  const interviewDay = settings.interviewDate ? isoDateDayNumber(settings.interviewDate) : null
  const status: PlanStatus =
    interviewDay === null
      ? 'none'
      : todayDay < interviewDay
        ? 'ahead'
        : todayDay === interviewDay
          ? 'today'
          : 'passed'
  const interviewStartMs = interviewDay === null ? null : startOfStudyDayNumberMs(interviewDay, settings)
  const stateById = new Map(cardStates.map((row) => [row.cardId, row]))
  const notStartedIds = deck.filter((card) => !stateById.has(card.id)).map((card) => card.id)
  const pacing = newCardPacing({
    ...settings,
    todayDay,
    interviewDay,
    notStarted: notStartedIds.length,
    startedToday,
  })
  const starts =
    interviewDay !== null && status === 'ahead'
      ? plannedStarts(pacing, { todayDay, interviewDay, startedToday, count: notStartedIds.length })
      : []
  const startOf = new Map(notStartedIds.map((id, k) => [id, starts[k]]))

  // The numbers on the day are about the day: shown from today until the day itself.
  const looksAhead = interviewDay !== null && interviewStartMs !== null && status !== 'passed'
  const perDay = new Map<number, PlanDay>()
  if (looksAhead)
    for (let day = todayDay; day <= interviewDay; day++)
      perDay.set(day, { day, date: dayNumberIsoDate(day), reviews: 0, newCards: 0 })

  const cards = deck.map((deckCard): PlanCard => {
    const row = stateById.get(deckCard.id)
    const start = startOf.get(deckCard.id)
    const card: PlanCard = {
      cardId: deckCard.id,
      title: deckCard.title,
      state: STATE_NAMES[row?.state ?? 0] ?? 'New',
      stability: row && row.state !== 0 ? row.stability : null,
      difficulty: row && row.state !== 0 ? row.difficulty : null,
      lastReviewMs: row?.lastReviewMs ?? null,
      nextDueMs: row?.dueMs ?? null,
      recallAtInterview: null,
      recallWithPlan: null,
      plannedReviews: 0,
      lastPlannedReviewMs: null,
      plannedStartDay: start && Number.isFinite(start.plannedDay) ? start.plannedDay : null,
      startByDay: start?.startByDay ?? null,
    }
    if (!looksAhead) return card
    card.recallAtInterview = row ? recallAtInterview(row, interviewDay, settings, settings.parameters) : null
    const startDay = card.plannedStartDay
    if (!row && (startDay === null || startDay >= interviewDay)) return card
    const projected = projectCard({
      cardId: deckCard.id,
      // A card state is its schedule (plus its id, which the scheduler ignores).
      schedule: row ?? null,
      nowMs,
      startMs: startDay === null ? nowMs : startOfStudyDayNumberMs(startDay, settings),
      interviewStartMs,
      settings,
    })
    card.plannedReviews = projected.reviewsMs.length
    card.lastPlannedReviewMs = projected.reviewsMs.at(-1) ?? null
    projected.reviewsMs.forEach((atMs, index) => {
      const day = perDay.get(studyDayNumberOf(atMs, settings))
      if (!day) return
      if (!row && index === 0) day.newCards++
      else day.reviews++
    })
    if (row && projected.finalSchedule)
      card.recallWithPlan = recallAtInterview(
        projected.finalSchedule,
        interviewDay,
        settings,
        settings.parameters,
      )
    return card
  })

  const studied = cards.filter((card) => card.recallAtInterview !== null)
  return {
    status,
    interviewDate: settings.interviewDate,
    interviewDay,
    todayDay,
    daysLeft: interviewDay === null ? null : interviewDay - todayDay,
    interviewStartMs,
    expectedRecall: meanOf(studied.map((card) => card.recallAtInterview)),
    expectedRecallWithPlan: meanOf(studied.map((card) => card.recallWithPlan)),
    studiedCount: cards.filter((card) => card.lastReviewMs !== null).length,
    cards,
    days: [...perDay.values()],
    pacing,
  }
}
