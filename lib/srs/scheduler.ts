// ts-fsrs behind one seam. The caller passes `now`; fuzz is seeded by the card id
// (and its rep count), never by the clock, so the interval printed on a button is
// the one the grade saves. Day intervals land on the start of a study day. With an
// interview date, a due on or after that day is brought into its final window
// (./final-window.ts), here, so the button, the grade and the plan agree.
import {
  createEmptyCard,
  type FSRS,
  type Card as FsrsCard,
  fsrs,
  GenSeedStrategyWithCardId,
  State,
  StrategyMode,
} from 'ts-fsrs'
import type { CardStateRecord } from '@/db/queries/study'
import {
  isoDateDayNumber,
  type StudyDayConfig,
  startOfStudyDayNumberMs,
  studyDayNumberOf,
  toStudyTimeMs,
} from '@/lib/calendar'
import { dueDayWithFinalWindow } from './final-window'
import { type GradeRating, RATINGS, Rating } from './rubric'

/** A card's FSRS fields without its id: what the scheduler reads and returns. */
/** ts-fsrs card states (0 New, 1 Learning, 2 Review, 3 Relearning), for code outside lib/srs. */
export { State }

export type CardSchedule = Omit<CardStateRecord, 'cardId'>

export interface SchedulerSettings extends StudyDayConfig {
  /** 0.70–0.99 */
  desiredRetention: number
  /** Off (default): Again means the next study day. On: ts-fsrs' minute steps. */
  sameDaySteps: boolean
  /** FSRS parameters fitted to this learner; absent or null: ts-fsrs' defaults. */
  parameters?: readonly number[] | null
  /** The interview's study day ('YYYY-MM-DD'): dues are brought into its final window (./final-window). */
  interviewDate?: string | null
}

export const DEFAULT_SCHEDULER_SETTINGS: SchedulerSettings = {
  desiredRetention: 0.9,
  sameDaySteps: false,
  timezone: 'UTC',
  rolloverHour: 4,
}

export interface ScheduledOutcome {
  rating: GradeRating
  next: CardSchedule
  /** Whole study days until it is due (0 for a same-day step). */
  intervalDays: number
  /** Milliseconds until due, for same-day steps (and for the label). */
  intervalMs: number
  /** Set when the interview's final window brought the due forward: the due plain FSRS gave. */
  broughtForwardFromMs?: number
}

export type SchedulePreview = Record<GradeRating, ScheduledOutcome>

const schedulers = new Map<string, FSRS>()
// One scheduler per (retention, steps, parameters); learners with fitted parameters each add one.
const MAX_CACHED_SCHEDULERS = 500

function schedulerFor(settings: SchedulerSettings): FSRS {
  const key = `${settings.desiredRetention}:${settings.sameDaySteps}:${settings.parameters?.join(',') ?? ''}`
  let scheduler = schedulers.get(key)
  if (!scheduler) {
    scheduler = fsrs({
      request_retention: settings.desiredRetention,
      enable_fuzz: true,
      enable_short_term: settings.sameDaySteps,
      ...(settings.parameters ? { w: [...settings.parameters] } : {}),
    }).useStrategy(StrategyMode.SEED, GenSeedStrategyWithCardId('card_id'))
    if (schedulers.size >= MAX_CACHED_SCHEDULERS) schedulers.clear()
    schedulers.set(key, scheduler)
  }
  return scheduler
}

type SeededCard = FsrsCard & { card_id: string }

function toFsrsCard(
  cardId: string,
  schedule: CardSchedule | null,
  nowStudyMs: number,
  settings: SchedulerSettings,
): SeededCard {
  if (!schedule) return { ...createEmptyCard(new Date(nowStudyMs)), card_id: cardId }
  return {
    card_id: cardId,
    due: new Date(toStudyTimeMs(schedule.dueMs, settings)),
    stability: schedule.stability,
    difficulty: schedule.difficulty,
    elapsed_days: schedule.elapsedDays,
    scheduled_days: schedule.scheduledDays,
    learning_steps: schedule.learningSteps,
    reps: schedule.reps,
    lapses: schedule.lapses,
    state: schedule.state,
    last_review:
      schedule.lastReviewMs === null ? undefined : new Date(toStudyTimeMs(schedule.lastReviewMs, settings)),
  }
}

let lastInterview: { date: string; day: number | null } = { date: '', day: null }

function interviewDayOf(settings: SchedulerSettings): number | null {
  if (!settings.interviewDate) return null
  if (lastInterview.date !== settings.interviewDate)
    lastInterview = { date: settings.interviewDate, day: isoDateDayNumber(settings.interviewDate) }
  return lastInterview.day
}

/** What each of the four grades would do to this card now. */
export function previewSchedule(
  cardId: string,
  schedule: CardSchedule | null,
  nowMs: number,
  settings: SchedulerSettings,
): SchedulePreview {
  const nowStudyMs = toStudyTimeMs(nowMs, settings)
  const preview = schedulerFor(settings).repeat(
    toFsrsCard(cardId, schedule, nowStudyMs, settings),
    new Date(nowStudyMs),
  )
  const today = studyDayNumberOf(nowMs, settings)
  const interviewDay = interviewDayOf(settings)
  const outcomes = {} as SchedulePreview
  for (const rating of RATINGS) {
    const { card } = preview[rating]
    // Same-day steps off: Again comes back at the start of the next study day,
    // however long the post-lapse stability would allow.
    const forcedNextDay = rating === Rating.Again && !settings.sameDaySteps
    const plainDays = forcedNextDay ? 1 : card.scheduled_days
    const windowed =
      plainDays >= 1
        ? dueDayWithFinalWindow({
            cardKey: cardId,
            todayDay: today,
            plainDueDay: today + plainDays,
            interviewDay,
            firstSight: schedule === null || schedule.state === State.New,
          })
        : null
    const intervalDays = windowed ? windowed.dueDay - today : plainDays
    const dueMs =
      intervalDays >= 1
        ? startOfStudyDayNumberMs(today + intervalDays, settings)
        : nowMs + (card.due.getTime() - nowStudyMs)
    outcomes[rating] = {
      rating,
      intervalDays,
      intervalMs: dueMs - nowMs,
      ...(windowed?.broughtForwardFromDay != null
        ? { broughtForwardFromMs: startOfStudyDayNumberMs(windowed.broughtForwardFromDay, settings) }
        : {}),
      next: {
        dueMs,
        stability: card.stability,
        difficulty: card.difficulty,
        elapsedDays: card.elapsed_days,
        scheduledDays: intervalDays,
        learningSteps: card.learning_steps,
        reps: card.reps,
        lapses: card.lapses,
        state: card.state,
        lastReviewMs: nowMs,
      },
    }
  }
  return outcomes
}

/** The schedule a grade saves: exactly the previewed outcome for that rating. */
export function scheduleAfterGrade(
  cardId: string,
  schedule: CardSchedule | null,
  nowMs: number,
  settings: SchedulerSettings,
  rating: GradeRating,
): ScheduledOutcome {
  return previewSchedule(cardId, schedule, nowMs, settings)[rating]
}

/** Probability of recall now (for the dashboard/stats); 0 for a new card. */
export function retrievabilityNow(
  cardId: string,
  schedule: CardSchedule | null,
  nowMs: number,
  settings: SchedulerSettings,
): number {
  if (!schedule || schedule.state === State.New) return 0
  const nowStudyMs = toStudyTimeMs(nowMs, settings)
  return schedulerFor(settings).get_retrievability(
    toFsrsCard(cardId, schedule, nowStudyMs, settings),
    new Date(nowStudyMs),
    false,
  )
}

/** A short, spoken-friendly interval: "10 minutes", "1 day", "3.5 months". */
export function intervalLabel(outcome: Pick<ScheduledOutcome, 'intervalDays' | 'intervalMs'>): string {
  if (outcome.intervalDays < 1) {
    const minutes = Math.max(1, Math.round(outcome.intervalMs / 60_000))
    if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
    const hours = Math.round(minutes / 60)
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`
  }
  const days = outcome.intervalDays
  if (days < 30) return `${days} ${days === 1 ? 'day' : 'days'}`
  if (days < 365) {
    const months = Math.round((days / 30) * 10) / 10
    return `${months} ${months === 1 ? 'month' : 'months'}`
  }
  const years = Math.round((days / 365) * 10) / 10
  return `${years} ${years === 1 ? 'year' : 'years'}`
}
