// Every studied card: recall on the interview day now and with the plan, its next
// review (and why it moved, when the final window brought it forward), and its last
// planned review before the interview. More than a page holds: the weakest first, and a
// link to all of them.

import { ScrollRegion } from '@/components/ui/scroll-region'
import { type StudyDayConfig, studyDayNumberOf } from '@/lib/calendar'
import type { Plan, PlanCard } from '@/lib/plan/build-plan'
import { studiedCardsWeakestFirst } from '@/lib/plan/weakest-cards'
import { ColumnHeads } from '../stats/column-heads'
import { dayOfInstant, percent, shortStudyDay } from './format'
import { PLAN_ROWS_SHOWN, ShownOfAll } from './shown-of-all'

function nextReview(card: PlanCard, nowMs: number, config: StudyDayConfig): string {
  if (card.nextDueMs === null) return '–'
  return card.nextDueMs <= nowMs ? 'now' : dayOfInstant(card.nextDueMs, config)
}

export function PlanCardTable({
  plan,
  nowMs,
  config,
  broughtForwardFromMs,
  showAll = false,
  showAllHref,
}: {
  plan: Plan
  nowMs: number
  config: StudyDayConfig
  broughtForwardFromMs: ReadonlyMap<string, number>
  showAll?: boolean
  /** The page with every studied card (keeping the page's other choices). */
  showAllHref: string
}) {
  const studied = plan.cards.filter((card) => card.lastReviewMs !== null)
  const shown =
    showAll || studied.length <= PLAN_ROWS_SHOWN
      ? studied
      : studiedCardsWeakestFirst(plan).slice(0, PLAN_ROWS_SHOWN)
  const head = [
    'Card',
    'State',
    'Recall on the day now',
    'With the plan',
    'Next review',
    'Last planned review',
  ]
  return (
    <section aria-labelledby="plan-cards-title" data-testid="plan-cards" className="space-y-3">
      <h2 id="plan-cards-title" className="text-xl font-semibold">
        Your cards on the day
      </h2>
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        Recall on the day now: FSRS's chance you recall the card at the start of your interview day if you
        review it no more. With the plan: the same after every planned review, passed.
      </p>
      <ShownOfAll
        shown={shown.length}
        all={studied.length}
        noun="studied cards"
        which="with the lowest recall on the day, weakest first"
        showAllHref={`${showAllHref}#plan-cards-title`}
        testId="plan-cards"
      />
      {studied.length === 0 ? (
        <p>You have not studied any card yet.</p>
      ) : (
        <ScrollRegion aria-labelledby="plan-cards-title">
          <table className="w-full min-w-[720px] border-collapse text-left text-sm">
            <caption className="sr-only">
              Each studied card's recall on the interview day and its planned reviews
            </caption>
            <ColumnHeads head={head} />
            <tbody>
              {shown.map((card) => {
                const from = broughtForwardFromMs.get(card.cardId)
                return (
                  <tr
                    key={card.cardId}
                    data-card-id={card.cardId}
                    className="border-b border-zinc-100 align-top dark:border-zinc-800"
                  >
                    <th scope="row" className="min-w-44 px-3 py-1 font-normal">
                      {card.title}
                    </th>
                    <td className="px-3 py-1">{card.state}</td>
                    <td className="px-3 py-1 tabular-nums" data-testid="recall-now">
                      {percent(card.recallAtInterview)}
                    </td>
                    <td className="px-3 py-1 tabular-nums">{percent(card.recallWithPlan)}</td>
                    <td className="px-3 py-1" data-testid="next-review">
                      {nextReview(card, nowMs, config)}
                      {from !== undefined && (
                        <span
                          className="block text-zinc-700 dark:text-zinc-300"
                          data-testid="brought-forward"
                        >
                          brought forward from {shortStudyDay(studyDayNumberOf(from, config))} so it is
                          reviewed before your interview
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-1">
                      {card.lastPlannedReviewMs === null
                        ? 'none planned'
                        : dayOfInstant(card.lastPlannedReviewMs, config)}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </section>
  )
}
