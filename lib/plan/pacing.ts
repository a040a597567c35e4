// New-card pacing for an interview: the daily new-card limit is raised (up to the
// learner's maximum new per day, never lowered below "new cards per day") so every
// card not started yet is introduced early enough to be seen twice before the day:
// once when it starts, once more in the final window (lib/srs/final-window).
// Pure: days are study-day numbers, counts come from the caller.

/** How often a card should be seen before the interview: its start and one review. */
export const SIGHTINGS_BEFORE_INTERVIEW = 2

/**
 * The last study day a card can start on and still be seen twice before the interview:
 * started then, it is due (at the latest, brought forward) on the day before.
 */
export function lastStartDay(interviewDay: number): number {
  return interviewDay - SIGHTINGS_BEFORE_INTERVIEW
}

export interface PacingInput {
  newPerDay: number
  maxNewPerDay: number
  todayDay: number
  /** null: no interview date. */
  interviewDay: number | null
  /** Cards in the studied decks not started yet. */
  notStarted: number
  /** New cards already started today (they count against today's limit). */
  startedToday: number
}

export interface NewCardPacing {
  /** Today's new-card limit: "new cards per day", raised when the interview needs it. */
  limitToday: number
  /** New cards a day it takes to start every card in time; null without a date, a card to start or a day left. */
  neededPerDay: number | null
  /** The most Drill may raise the limit to: the larger of new per day and maximum new per day. */
  ceiling: number
  /** How many a day the ceiling falls short of what is needed (0 when it does not). */
  shortPerDay: number
  /** Cards that cannot start in time even at the ceiling. */
  cardsLate: number
  /** Study days left to start cards in (today included); 0 when it is too late. */
  daysToStart: number
}

export function newCardPacing(input: PacingInput): NewCardPacing {
  const ceiling = Math.max(input.newPerDay, input.maxNewPerDay)
  const plain: NewCardPacing = {
    limitToday: input.newPerDay,
    neededPerDay: null,
    ceiling,
    shortPerDay: 0,
    cardsLate: 0,
    daysToStart: 0,
  }
  if (input.interviewDay === null || input.todayDay >= input.interviewDay) return plain
  const daysToStart = Math.max(0, lastStartDay(input.interviewDay) - input.todayDay + 1)
  if (input.notStarted === 0) return { ...plain, daysToStart }
  if (daysToStart === 0) return { ...plain, cardsLate: input.notStarted }
  const neededPerDay = Math.ceil((input.notStarted + input.startedToday) / daysToStart)
  const limitToday = Math.max(input.newPerDay, Math.min(neededPerDay, ceiling))
  const capacity = Math.max(0, ceiling - input.startedToday) + ceiling * (daysToStart - 1)
  return {
    limitToday,
    neededPerDay,
    ceiling,
    shortPerDay: Math.max(0, neededPerDay - ceiling),
    cardsLate: Math.max(0, input.notStarted - capacity),
    daysToStart,
  }
}

/**
 * The most new cards a grade may start today: the ceiling while an interview is ahead
 * (the queue offers only the paced limit; this bounds a grade sent over HTTP).
 */
export function newCardCeilingToday({
  newPerDay,
  maxNewPerDay,
  todayDay,
  interviewDay,
}: Pick<PacingInput, 'newPerDay' | 'maxNewPerDay' | 'todayDay' | 'interviewDay'>): number {
  return interviewDay !== null && todayDay < interviewDay ? Math.max(newPerDay, maxNewPerDay) : newPerDay
}

export interface PlannedStart {
  /** The study day the pacing starts this card on (may be after the last start day when the limit falls short). */
  plannedDay: number
  /** The latest day it can start and still be seen twice, with the cards after it started at the ceiling; null at a ceiling of 0. */
  startByDay: number | null
}

/** Start days for the cards not started yet, in deck order. */
export function plannedStarts(
  pacing: NewCardPacing,
  {
    todayDay,
    interviewDay,
    startedToday,
    count,
  }: { todayDay: number; interviewDay: number; startedToday: number; count: number },
): PlannedStart[] {
  const perDay = Math.max(pacing.limitToday, 0)
  const roomToday = Math.max(0, perDay - startedToday)
  const last = lastStartDay(interviewDay)
  return Array.from({ length: count }, (_, k) => {
    const plannedDay =
      k < roomToday
        ? todayDay
        : perDay === 0
          ? Number.POSITIVE_INFINITY
          : todayDay + 1 + Math.floor((k - roomToday) / perDay)
    const startByDay = pacing.ceiling === 0 ? null : last - Math.floor((count - 1 - k) / pacing.ceiling)
    return { plannedDay, startByDay }
  })
}
