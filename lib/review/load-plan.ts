// Loads one learner's plan through the study data layer (the Db is passed in: the app, the
// tests and the benchmark each bring theirs), kept per learner while nothing it shows has
// changed (kept-plan.ts). The deck comes from the deck registry the caller passes
// (lib/review's `studyDecks()`, warm, as every page has it).
import { planQueries } from '@/db/queries/plan'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { isoDateDayNumber, studyDayBounds } from '@/lib/calendar'
import type { DeckCardTitle, DeckRegistry } from '@/lib/decks'
import { answerProfileFrom } from '@/lib/plan/answer-profile'
import { buildPlan, type Plan } from '@/lib/plan/build-plan'
import { type DecideResult, helpMeDecide } from '@/lib/plan/decide'
import { broughtForwardFromMs } from '@/lib/plan/explain'
import { type CardPointRecall, pointRecallAtInterview } from '@/lib/plan/point-recall'
import type { StudySettings } from '@/lib/srs/settings'
import { keptForPlan } from './kept-plan'
import { settingsForLearner } from './learner-settings'

export interface LoadedPlan {
  plan: Plan
  settings: StudySettings
  deck: DeckCardTitle[]
}

// Kept per learner (lib/review/kept-plan.ts): building it walks every card.
const keptPlans = keptForPlan<LoadedPlan>(8)
// The details read what the plan's key already covers (the review log, card states, deck,
// settings), so they are kept with the plan they were read for: a kept plan brings its details.
const detailsOfPlan = new WeakMap<LoadedPlan, Promise<PlanDetails>>()

/** The part of the deck registry the plan reads. */
export type PlanDecks = Pick<DeckRegistry, 'reviewDeckFor' | 'reviewDeckTitlesFor'>

export async function loadPlan(
  db: Db,
  decks: PlanDecks,
  learnerId: string,
  nowMs: number,
  {
    statusOnlyWithoutInterview = false,
  }: {
    /** Pages that show nothing of the plan but its status when no interview is ahead: read no card then. */
    statusOnlyWithoutInterview?: boolean
  } = {},
): Promise<LoadedPlan> {
  const settings = await settingsForLearner(db, learnerId)
  const today = studyDayBounds(nowMs, settings)
  // No interview ahead (none set, or passed): the plan is its status alone, whatever the collection's size.
  const interviewDay = settings.interviewDate ? isoDateDayNumber(settings.interviewDate) : null
  if (statusOnlyWithoutInterview && (interviewDay === null || interviewDay < today.dayNumber))
    return {
      plan: buildPlan({ nowMs, settings, deck: [], cardStates: [], startedToday: 0 }),
      settings,
      deck: [],
    }
  return keptPlans(db, learnerId, nowMs, settings, async () => {
    const [deck, counts, cardStates] = await Promise.all([
      decks.reviewDeckTitlesFor(db, learnerId),
      studyQueries(db).countReviewsByLearnerIdBetween({
        learnerId,
        fromMs: today.startMs,
        toMs: today.endMs,
      }),
      planQueries(db).getCardStatesByLearnerId({ learnerId }),
    ])
    const plan = buildPlan({ nowMs, settings, deck, cardStates, startedToday: counts.newCards })
    return { plan, settings, deck }
  })
}

/** What /plan adds to the plan: why dues moved, and per-point recall on the day. */
export interface PlanDetails {
  broughtForwardFromMs: Map<string, number>
  pointRecall: CardPointRecall[]
}

export async function loadPlanDetails(
  db: Db,
  decks: PlanDecks,
  learnerId: string,
  loaded: LoadedPlan,
): Promise<PlanDetails> {
  const { plan, settings } = loaded
  const interviewDay = plan.interviewDay
  if (interviewDay === null || plan.status === 'passed')
    return { broughtForwardFromMs: new Map(), pointRecall: [] }
  let details = detailsOfPlan.get(loaded)
  if (!details) {
    details = readPlanDetails(db, decks, learnerId, settings, interviewDay)
    detailsOfPlan.set(loaded, details)
    // A failed read is not kept: the next view reads again.
    details.catch(() => detailsOfPlan.delete(loaded))
  }
  return details
}

async function readPlanDetails(
  db: Db,
  decks: PlanDecks,
  learnerId: string,
  settings: StudySettings,
  interviewDay: number,
): Promise<PlanDetails> {
  const broughtForward = new Map<string, number>()
  const q = planQueries(db)
  const lastById = new Map(
    (await q.getLastReviewOfEachCardByLearnerId({ learnerId })).map((last) => [last.cardId, last]),
  )
  for (const row of await q.getCardStatesByLearnerId({ learnerId })) {
    const from = broughtForwardFromMs({
      row,
      last: lastById.get(row.cardId),
      settings,
      interviewDay,
    })
    if (from !== null) broughtForward.set(row.cardId, from)
  }
  const pointRecall = pointRecallAtInterview({
    cards: await decks.reviewDeckFor(db, learnerId),
    reviews: await q.getPointReviewsByLearnerId({ learnerId }),
    interviewDay,
    config: settings,
    parameters: settings.parameters,
  })
  return { broughtForwardFromMs: broughtForward, pointRecall }
}

/** Help me decide for this learner's plan (null when no interview is ahead). */
export async function decideForLearner(
  db: Db,
  learnerId: string,
  loaded: LoadedPlan,
  seed: number,
): Promise<DecideResult | null> {
  const { plan, settings } = loaded
  if (plan.status !== 'ahead' || plan.interviewDay === null) return null
  const q = planQueries(db)
  const stateById = new Map((await q.getCardStatesByLearnerId({ learnerId })).map((row) => [row.cardId, row]))
  const profile = answerProfileFrom(await q.getReviewHistoryByLearnerId({ learnerId }))
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
