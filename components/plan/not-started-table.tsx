// The cards not started yet: when the pacing starts each, and the latest day it can
// start and still be seen twice before the interview. Says plainly when the maximum
// new per day is too low, and by how much. More than a page holds: the first to start,
// and a link to all of them.

import { ScrollRegion } from '@/components/ui/scroll-region'
import type { Plan } from '@/lib/plan/build-plan'
import { SIGHTINGS_BEFORE_INTERVIEW } from '@/lib/plan/pacing'
import { ColumnHeads } from '../stats/column-heads'
import { plural } from '../stats/format'
import { studyDay } from './format'
import { PLAN_ROWS_SHOWN, ShownOfAll } from './shown-of-all'

export function NotStartedTable({
  plan,
  newPerDay,
  showAll = false,
  showAllHref,
}: {
  plan: Plan
  newPerDay: number
  showAll?: boolean
  /** The page with every card not started (keeping the page's other choices). */
  showAllHref: string
}) {
  const cards = plan.cards.filter((card) => card.lastReviewMs === null)
  // In deck order, which is the order the pacing starts them in.
  const shown = showAll ? cards : cards.slice(0, PLAN_ROWS_SHOWN)
  const { pacing } = plan
  return (
    <section aria-labelledby="plan-new-title" data-testid="plan-not-started" className="space-y-3">
      <h2 id="plan-new-title" className="text-xl font-semibold">
        Cards you have not started
      </h2>
      {cards.length === 0 ? (
        <p>None: you have started every card in the decks you study.</p>
      ) : (
        <>
          <p data-testid="plan-pacing">
            {pacing.neededPerDay === null
              ? pacing.cardsLate > 0
                ? `It is too late to see these ${plural(cards.length, 'card')} ${SIGHTINGS_BEFORE_INTERVIEW} times before your interview: a card started now comes back after it.`
                : `New cards start at your limit of ${newPerDay} a day.`
              : pacing.limitToday > newPerDay
                ? `To see every card at least ${SIGHTINGS_BEFORE_INTERVIEW} times before your interview, today's new-card limit is raised from ${newPerDay} to ${pacing.limitToday}.`
                : `Your limit of ${newPerDay} new cards a day starts every card in time to see it at least ${SIGHTINGS_BEFORE_INTERVIEW} times before your interview.`}
          </p>
          {pacing.shortPerDay > 0 && (
            <p data-testid="plan-shortfall" className="font-medium text-red-800 dark:text-red-300">
              Not enough: seeing every card twice before your interview needs {pacing.neededPerDay} new cards
              a day, but your maximum new per day allows {pacing.ceiling} — {pacing.shortPerDay} a day short,
              so {plural(pacing.cardsLate, 'card')} will not be seen twice in time. Raise “Maximum new per
              day” on Settings to at least {pacing.neededPerDay}, or move the date.
            </p>
          )}
          <ShownOfAll
            shown={shown.length}
            all={cards.length}
            noun="cards not started"
            which="that start first, in the order they start"
            showAllHref={`${showAllHref}#plan-new-title`}
            testId="plan-not-started"
          />
          <ScrollRegion aria-labelledby="plan-new-title">
            <table className="w-full min-w-[520px] border-collapse text-left text-sm">
              <caption className="sr-only">
                Cards not started, with their planned start and the latest start day
              </caption>
              <ColumnHeads head={['Card', 'Planned start', 'Start by']} />
              <tbody>
                {shown.map((card) => (
                  <tr
                    key={card.cardId}
                    data-card-id={card.cardId}
                    className="border-b border-zinc-100 dark:border-zinc-800"
                  >
                    <th scope="row" className="min-w-44 px-3 py-1 font-normal">
                      {card.title}
                    </th>
                    <td className="px-3 py-1">
                      {card.plannedStartDay === null ||
                      (plan.interviewDay !== null && card.plannedStartDay >= plan.interviewDay)
                        ? 'not before the interview'
                        : studyDay(card.plannedStartDay)}
                    </td>
                    <td className="px-3 py-1" data-testid="start-by">
                      {card.startByDay === null
                        ? '–'
                        : card.startByDay < plan.todayDay
                          ? `too late (${studyDay(card.startByDay)})`
                          : studyDay(card.startByDay)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </>
      )}
    </section>
  )
}
