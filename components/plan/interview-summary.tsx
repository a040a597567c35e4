// The interview countdown and readiness, on the home page and at the top of /plan.
// Nothing once the interview day has passed. Says which recall is which: with no
// further review, and keeping to the plan (every planned review passed as Good).
import Link from 'next/link'
import type { Plan } from '@/lib/plan/build-plan'
import { countdownText, percent } from './format'

export function InterviewSummary({ plan, linkToPlan = false }: { plan: Plan; linkToPlan?: boolean }) {
  if (plan.daysLeft === null || plan.daysLeft < 0) return null
  const studied = plan.studiedCount
  return (
    <section
      aria-labelledby="interview-summary-title"
      className="max-w-3xl space-y-3 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2 id="interview-summary-title" className="text-lg font-semibold" data-testid="interview-countdown">
        {countdownText(plan.daysLeft)}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-zinc-700 dark:text-zinc-300">
            Expected recall on the day if you stop reviewing now
          </dt>
          <dd data-testid="interview-readiness" className="mt-1 text-2xl font-semibold tabular-nums">
            {percent(plan.expectedRecall ?? 0)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-zinc-700 dark:text-zinc-300">
            Expected recall on the day if you keep to the plan
          </dt>
          <dd
            data-testid="interview-readiness-with-plan"
            className="mt-1 text-2xl font-semibold tabular-nums"
          >
            {percent(plan.expectedRecallWithPlan ?? 0)}
          </dd>
        </div>
      </dl>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {studied === 0
          ? 'You have not studied any card yet: recall counts the cards you have studied.'
          : `FSRS's chance that you recall a card at the start of your interview day, averaged over the ${studied} ${
              studied === 1 ? 'card' : 'cards'
            } you have studied: first with no further review, then with every review the plan schedules done and passed.`}
        {linkToPlan && (
          <>
            {' '}
            <Link href="/plan" className="font-medium underline underline-offset-2">
              See your plan
            </Link>
            .
          </>
        )}
      </p>
    </section>
  )
}
