import Link from 'next/link'
import { InterviewSummary } from '@/components/plan/interview-summary'
import { TimezoneSync } from '@/components/review/timezone-sync'
import { buttonClass } from '@/components/ui/button'
import { studyQueries } from '@/db/queries/study'
import { formatInstant } from '@/lib/calendar'
import { studyDeckFor, studyDecks, studySummary } from '@/lib/review'
import { loadPlan } from '@/lib/review/load-plan'
import { studyContext } from '@/lib/study-context'

export const dynamic = 'force-dynamic'

export default async function DashboardPage() {
  const { db, learnerId, nowMs } = await studyContext()
  const decks = await studyDecks()
  const [storedSettings, deck] = await Promise.all([
    studyQueries(db).getLearnerSettingsByLearnerId(learnerId),
    studyDeckFor(db, learnerId),
  ])
  const knowsTimezone = storedSettings !== undefined
  const [summary, { plan }, ownCards] = await Promise.all([
    studySummary(db, learnerId, deck, nowMs),
    loadPlan(db, decks, learnerId, nowMs, { statusOnlyWithoutInterview: true }),
    deck.own.count(),
  ])
  const cardCount = deck.atHand.length + ownCards
  const stats = [
    { label: 'Due now', value: String(summary.dueNow), testId: 'due-now' },
    { label: 'New available', value: String(summary.newAvailable), testId: 'new-available' },
    {
      label: 'Next due',
      value:
        summary.dueNow > 0
          ? 'Now'
          : summary.nextDueMs === null
            ? summary.newAvailable > 0
              ? 'No reviews yet'
              : 'Nothing scheduled'
            : formatInstant(summary.nextDueMs, summary.settings.timezone),
      testId: 'next-due',
    },
    { label: 'Reviews today', value: String(summary.reviewsToday), testId: 'reviews-today' },
    {
      label: 'Streak',
      value: `${summary.streakDays} ${summary.streakDays === 1 ? 'day' : 'days'}`,
      testId: 'streak',
    },
  ]
  return (
    <section aria-labelledby="dashboard-title" className="space-y-6">
      {!knowsTimezone && <TimezoneSync drawnIn={summary.settings.timezone} />}
      <h1 id="dashboard-title" className="text-2xl font-bold">
        Today
      </h1>
      <p className="max-w-2xl text-zinc-700 dark:text-zinc-300">
        Answer each card out loud as you would in the interview, tick the points you made, and grade yourself;
        the scheduler brings the card back when you are about to forget it. {cardCount} cards in the decks you
        study; a new study day starts at {String(summary.settings.rolloverHour).padStart(2, '0')}:00 (
        {summary.settings.timezone}).
      </p>
      <dl className="grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-3">
        {stats.map((stat) => (
          <div
            key={stat.label}
            className="rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-900"
          >
            <dt className="text-sm text-zinc-700 dark:text-zinc-300">{stat.label}</dt>
            <dd data-testid={stat.testId} className="mt-1 text-lg font-semibold">
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
      <InterviewSummary plan={plan} linkToPlan />
      {plan.status === 'none' && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          Interview coming up? Give Drill its date on{' '}
          <Link href="/settings" className="underline underline-offset-2">
            Settings
          </Link>{' '}
          and it plans your reviews to the day:{' '}
          <Link href="/plan" className="underline underline-offset-2">
            your plan
          </Link>
          .
        </p>
      )}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Link href="/review" className={buttonClass({ variant: 'primary', size: 'md' })}>
          Start review
        </Link>
        <Link href="/mock" className={buttonClass({ size: 'md' })}>
          Mock interview
        </Link>
        {summary.dueNow === 0 && summary.newAvailable === 0 && (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">Nothing to study right now.</p>
        )}
      </div>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        New here? Read the{' '}
        <Link href="/cards" className="underline underline-offset-2">
          cards
        </Link>{' '}
        first, or watch a retry charge a customer twice in the{' '}
        <Link href="/sandbox" className="underline underline-offset-2">
          sandbox
        </Link>
        .
      </p>
    </section>
  )
}
