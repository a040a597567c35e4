// Loads one learner's plan from SQLite (the connection is passed in: the app, the
// tests and the benchmark each bring theirs). The deck comes from the deck registry
// the caller passes (lib/review's `studyDecks()`, warm, as every page has it).
import type { Sqlite } from '@/db/open'
import { planQueries } from '@/db/queries/plan'
import { studyQueries } from '@/db/queries/study'
import type { DeckCardTitle, DeckRegistry } from '@/lib/decks'
import { settingsForLearner } from '@/lib/review/learner-settings'
import type { StudySettings } from '@/lib/srs/settings'
import { studyDayBounds } from '@/lib/srs/study-day'
import { answerProfileFrom } from './answer-profile'
import { buildPlan, type Plan } from './build-plan'
import { type DecideResult, helpMeDecide } from './decide'
import { broughtForwardFromMs } from './explain'
import { type CardPointRecall, pointRecallAtInterview } from './point-recall'

export interface LoadedPlan {
  plan: Plan
  settings: StudySettings
  deck: DeckCardTitle[]
}

/** The part of the deck registry the plan reads. */
export type PlanDecks = Pick<DeckRegistry, 'reviewDeckFor' | 'reviewDeckTitlesFor'>

export function loadPlan(sqlite: Sqlite, decks: PlanDecks, learnerId: string, nowMs: number): LoadedPlan {
  const settings = settingsForLearner(sqlite, learnerId)
  const deck = decks.reviewDeckTitlesFor(sqlite, learnerId)
  const today = studyDayBounds(nowMs, settings)
  const startedToday = studyQueries(sqlite).countReviewsByLearnerIdBetween({
    learnerId,
    fromMs: today.startMs,
    toMs: today.endMs,
  }).newCards
  const cardStates = planQueries(sqlite).getCardStatesByLearnerId({ learnerId })
  return { plan: buildPlan({ nowMs, settings, deck, cardStates, startedToday }), settings, deck }
}

/** What /plan adds to the plan: why dues moved, and per-point recall on the day. */
export interface PlanDetails {
  broughtForwardFromMs: Map<string, number>
  pointRecall: CardPointRecall[]
}

export function loadPlanDetails(
  sqlite: Sqlite,
  decks: PlanDecks,
  learnerId: string,
  { plan, settings }: LoadedPlan,
): PlanDetails {
  const broughtForward = new Map<string, number>()
  if (plan.interviewDay === null || plan.status === 'passed')
    return { broughtForwardFromMs: broughtForward, pointRecall: [] }
  const q = planQueries(sqlite)
  const lastById = new Map(
    q.getLastReviewOfEachCardByLearnerId({ learnerId }).map((last) => [last.cardId, last]),
  )
  for (const row of q.getCardStatesByLearnerId({ learnerId })) {
    const from = broughtForwardFromMs({
      row,
      last: lastById.get(row.cardId),
      settings,
      interviewDay: plan.interviewDay,
    })
    if (from !== null) broughtForward.set(row.cardId, from)
  }
  const pointRecall = pointRecallAtInterview({
    cards: decks.reviewDeckFor(sqlite, learnerId),
    reviews: q.getPointReviewsByLearnerId({ learnerId }),
    interviewDay: plan.interviewDay,
    config: settings,
    parameters: settings.parameters,
  })
  return { broughtForwardFromMs: broughtForward, pointRecall }
}

/** Help me decide for this learner's plan (null when no interview is ahead). */
export function decideForLearner(
  sqlite: Sqlite,
  learnerId: string,
  loaded: LoadedPlan,
  seed: number,
): DecideResult | null {
  const { plan, settings } = loaded
  if (plan.status !== 'ahead' || plan.interviewDay === null) return null
  const stateById = new Map(
    planQueries(sqlite)
      .getCardStatesByLearnerId({ learnerId })
      .map((row) => [row.cardId, row]),
  )
  const profile = answerProfileFrom(planQueries(sqlite).getReviewHistoryByLearnerId({ learnerId }))
  return helpMeDecide({
    cards: plan.cards.map((card) => {
      const row = stateById.get(card.cardId)
      return {
        cardId: card.cardId,
        schedule: row ? { ...row } : null,
        startDay: card.plannedStartDay,
      }
    }),
    todayDay: plan.todayDay,
    interviewDay: plan.interviewDay,
    config: settings,
    parameters: settings.parameters,
    sameDaySteps: settings.sameDaySteps,
    profile,
    seed,
  })
}
