// For each reviewed card, the points the learner leaves out, most missed first,
// with the critical point called out. A table per card; the bars are decoration
// (the numbers are in the cells).
import { type CardMisses, mostMissedCards } from '@/lib/stats/misses'
import { formatPercent, plural } from './format'

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
      {shown.map((card) => (
        <CardMissesTable key={card.cardId} card={card} />
      ))}
    </section>
  )
}

function CardMissesTable({ card }: { card: CardMisses }) {
  const top = card.points[0]
  const titleId = `misses-${card.cardId}`
  return (
    <article
      aria-labelledby={titleId}
      data-testid={`misses-${card.cardId}`}
      className="rounded-lg border border-zinc-200 bg-white p-3 sm:p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h3 id={titleId} className="font-semibold">
        {card.title}
      </h3>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{plural(card.reviews, 'review')}</p>
      {card.critical && (
        <p
          data-testid="critical-point"
          className="mt-2 rounded-md border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-sm text-zinc-900 dark:border-amber-400 dark:bg-amber-950 dark:text-zinc-100"
        >
          <strong>Critical point</strong>: {card.critical.text} — missed {card.critical.missed} of{' '}
          {plural(card.critical.asked, 'review')}
          {card.critical.missed > 0 ? '. Missing it means Again.' : '.'}
          {card.critical.missed > 0 &&
            top?.pointId === card.critical.pointId &&
            ' It is the point you miss most.'}
        </p>
      )}
      {/* When the critical point is also the most missed, the callout above already says it. */}
      {top && top.missed > 0 && top.pointId !== card.critical?.pointId && (
        <p className="mt-2 text-sm">
          Most missed: <strong>{top.text}</strong> ({top.missed} of {top.asked}).
        </p>
      )}
      <table className="mt-3 w-full border-collapse text-left text-sm">
        <caption className="sr-only">How often each point of “{card.title}” was missed</caption>
        <thead>
          <tr>
            <th scope="col" className="border-b border-zinc-300 py-1 pr-3 font-semibold dark:border-zinc-700">
              Point
            </th>
            <th
              scope="col"
              className="w-px whitespace-nowrap border-b border-zinc-300 px-2 py-1 font-semibold sm:px-3 dark:border-zinc-700"
            >
              Missed
            </th>
            <th
              scope="col"
              className="w-px whitespace-nowrap border-b border-zinc-300 px-2 py-1 font-semibold sm:px-3 dark:border-zinc-700"
            >
              Asked
            </th>
            <th
              scope="col"
              className="w-px whitespace-nowrap border-b border-zinc-300 px-2 py-1 font-semibold sm:px-3 dark:border-zinc-700"
            >
              Share<span className="max-sm:sr-only"> missed</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {card.points.map((point) => {
            const share = point.asked > 0 ? point.missed / point.asked : 0
            return (
              <tr key={point.pointId} data-point-id={point.pointId}>
                <th scope="row" className="py-1 pr-2 font-normal sm:pr-3">
                  {point.text}
                  {point.critical && (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                      critical
                    </span>
                  )}
                </th>
                <td className="px-2 py-1 tabular-nums sm:px-3">{point.missed}</td>
                <td className="px-2 py-1 tabular-nums sm:px-3">{point.asked}</td>
                <td className="px-2 py-1 sm:px-3">
                  <span className="flex items-center gap-2">
                    <svg width="80" height="8" aria-hidden="true" className="hidden shrink-0 sm:block">
                      <rect width="80" height="8" rx="2" className="fill-zinc-200 dark:fill-zinc-800" />
                      <rect
                        width={80 * share}
                        height="8"
                        rx="2"
                        className="fill-rose-600 dark:fill-rose-400"
                      />
                    </svg>
                    <span className="tabular-nums">{formatPercent(share)}</span>
                  </span>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </article>
  )
}
