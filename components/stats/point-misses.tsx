// For each reviewed card, the points the learner leaves out, most missed first,
// with the critical point called out. A table per card; the bars are decoration
// (the numbers are in the cells). The cards are built from their rows (misses-markup.ts),
// so they cross to the browser once, as data.
import { type CardMisses, mostMissedCards } from '@/lib/stats/misses'
import { CardMissesList } from './built-tables'

/** Cards shown unless the learner asks for all (`/stats?misses=all`): a page that stays small. */
export const MISSES_SHOWN = 12

export function PointMisses({
  misses,
  showAll = false,
  showAllHref = '/stats?misses=all',
}: {
  misses: CardMisses[]
  showAll?: boolean
  /** The page with every card's misses (keeping the page's other choices). */
  showAllHref?: string
}) {
  const shown = showAll ? misses : mostMissedCards(misses, MISSES_SHOWN)
  return (
    <section aria-labelledby="stats-misses-title" data-testid="stats-misses" className="space-y-4">
      <h2 id="stats-misses-title" className="text-xl font-semibold">
        Points you miss
      </h2>
      {misses.length === 0 && (
        <p className="text-zinc-700 dark:text-zinc-300">
          No reviews yet: after a review, the points you left unticked show here.
        </p>
      )}
      {shown.length < misses.length && (
        <p className="text-zinc-700 dark:text-zinc-300" data-testid="misses-shown">
          The {shown.length} of your {misses.length} reviewed cards whose points you miss most, in deck order.{' '}
          <a href={`${showAllHref}#stats-misses-title`} className="underline" data-testid="misses-show-all">
            Show all {misses.length} reviewed cards
          </a>
          .
        </p>
      )}
      {shown.length > 0 && <CardMissesList cards={shown} />}
    </section>
  )
}
