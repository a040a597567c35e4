// /plan: the interview plan. Countdown and readiness, planned reviews per day, every
// studied card's recall on the day and its planned reviews, per-point recall, the
// cards not started with their start dates, and Help me decide (?decide=1&seed=N).
// A long table shows its first rows; `?cards=all`, `?points=all`, `?new=all` show all.
import type { Metadata } from 'next'
import Link from 'next/link'
import { DecideSection } from '@/components/plan/decide-section'
import { studyDay } from '@/components/plan/format'
import { InterviewSummary } from '@/components/plan/interview-summary'
import { NotStartedTable } from '@/components/plan/not-started-table'
import { PlanCardTable } from '@/components/plan/plan-card-table'
import { PlannedReviewsChart } from '@/components/plan/planned-reviews-chart'
import { PointRecallList } from '@/components/plan/point-recall-list'
import type { Db } from '@/db/sql/db'
import { studyDecks } from '@/lib/review'
import {
  decideForLearner,
  type LoadedPlan,
  loadPlan,
  loadPlanDetails,
  type PlanDecks,
} from '@/lib/review/load-plan'
import { FINAL_WINDOW_DAYS } from '@/lib/srs/final-window'
import { studyContext } from '@/lib/study-context'

export const metadata: Metadata = { title: 'Plan' }
export const dynamic = 'force-dynamic'

/** The sections a learner can ask to see whole, each by `?<section>=all`. */
const SECTIONS = ['cards', 'points', 'new'] as const
type Section = (typeof SECTIONS)[number]
type ShowAll = Record<Section, boolean>

function showAllOf(query: Record<string, string | string[] | undefined>): ShowAll {
  return { cards: query.cards === 'all', points: query.points === 'all', new: query.new === 'all' }
}

/** This page with one more section shown whole, keeping what the others show. */
function showAllHref(showAll: ShowAll, section: Section): string {
  const params = new URLSearchParams()
  for (const name of SECTIONS) if (showAll[name] || name === section) params.set(name, 'all')
  return `/plan?${params}`
}

function seedOf(value: string | string[] | undefined): number {
  const seed = Number(Array.isArray(value) ? value[0] : value)
  return Number.isInteger(seed) && seed >= 0 && seed < 2 ** 31 ? seed : 1
}

export default async function PlanPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>
}) {
  const query = await searchParams
  const { db, learnerId, nowMs } = await studyContext()
  const decks = await studyDecks()
  const loaded = await loadPlan(db, decks, learnerId, nowMs, { statusOnlyWithoutInterview: true })
  const { plan, settings } = loaded
  const seed = seedOf(query.seed)

  return (
    <div className="space-y-10">
      <header className="space-y-3">
        <h1 className="text-2xl font-bold">Your interview plan</h1>
        {plan.status === 'none' && (
          <p className="max-w-2xl text-zinc-700 dark:text-zinc-300">
            No interview date yet. Set one on{' '}
            <Link href="/settings" className="underline underline-offset-2">
              Settings
            </Link>{' '}
            and Drill plans your reviews to it: every card you have studied comes back in the last{' '}
            {FINAL_WINDOW_DAYS} study days before it, and this page shows your expected recall on the day.
          </p>
        )}
        {plan.status === 'passed' && plan.interviewDay !== null && (
          <p className="max-w-2xl text-zinc-700 dark:text-zinc-300" data-testid="plan-passed">
            Your interview was on {studyDay(plan.interviewDay)}. Reviews are scheduled by plain FSRS again;
            set a new date on{' '}
            <Link href="/settings" className="underline underline-offset-2">
              Settings
            </Link>{' '}
            for your next one.
          </p>
        )}
        {(plan.status === 'ahead' || plan.status === 'today') && plan.interviewDay !== null && (
          <p className="max-w-2xl text-zinc-700 dark:text-zinc-300">
            Interview on {studyDay(plan.interviewDay)}. While the date is ahead, a review FSRS would schedule
            on or after it is brought forward into the last {FINAL_WINDOW_DAYS} study days before it; no
            review is ever moved later.
          </p>
        )}
      </header>
      <InterviewSummary plan={plan} />
      {(plan.status === 'ahead' || plan.status === 'today') && (
        <PlanDetails
          db={db}
          decks={decks}
          loaded={loaded}
          learnerId={learnerId}
          nowMs={nowMs}
          showAll={showAllOf(query)}
        />
      )}
      {plan.status === 'ahead' && (
        <DecideSection
          result={query.decide === '1' ? await decideForLearner(db, learnerId, loaded, seed) : null}
          current={settings.desiredRetention}
          seed={seed}
        />
      )}
    </div>
  )
}

async function PlanDetails({
  db,
  decks,
  loaded,
  learnerId,
  nowMs,
  showAll,
}: {
  db: Db
  decks: PlanDecks
  loaded: LoadedPlan
  learnerId: string
  nowMs: number
  showAll: ShowAll
}) {
  const details = await loadPlanDetails(db, decks, learnerId, loaded)
  const { plan, settings } = loaded
  return (
    <>
      <PlannedReviewsChart days={plan.days} />
      <PlanCardTable
        plan={plan}
        nowMs={nowMs}
        config={settings}
        broughtForwardFromMs={details.broughtForwardFromMs}
        showAll={showAll.cards}
        showAllHref={showAllHref(showAll, 'cards')}
      />
      <PointRecallList
        cards={details.pointRecall}
        showAll={showAll.points}
        showAllHref={showAllHref(showAll, 'points')}
      />
      <NotStartedTable
        plan={plan}
        newPerDay={settings.newPerDay}
        showAll={showAll.new}
        showAllHref={showAllHref(showAll, 'new')}
      />
    </>
  )
}
