// Per card: FSRS state, stability, retrievability now and next due.
import type { CardOverview } from '@/lib/stats/card-overview'
import { ColumnHeads } from './column-heads'
import { formatInstant, formatPercent } from './format'

function formatStability(days: number | null): string {
  if (days === null) return '–'
  return days < 10 ? `${days.toFixed(1)} days` : `${Math.round(days)} days`
}

/** Rounding would show a card a few days past its review as "100%": say "over 99%" until it truly is. */
function formatRetrievability(share: number | null): string {
  if (share !== null && share < 1 && share >= 0.995) return 'over 99%'
  return formatPercent(share)
}

export function CardTable({
  cards,
  nowMs,
  timezone,
}: {
  cards: CardOverview[]
  nowMs: number
  timezone: string
}) {
  const head = ['Card', 'State', 'Stability', 'Retrievability now', 'Next due', 'Reviews', 'Lapses']
  return (
    <section aria-labelledby="stats-cards-title" data-testid="stats-cards" className="space-y-3">
      <h2 id="stats-cards-title" className="text-xl font-semibold">
        Cards
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Stability: days until recall drops to 90%. Retrievability: the chance you recall the card right now.
        Times in {timezone}.
      </p>
      {/* Seven columns do not fit a phone: the table scrolls sideways inside this region. */}
      <figure
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region has to be focusable
        tabIndex={0}
        aria-labelledby="stats-cards-title"
        className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <table className="w-full min-w-[640px] border-collapse text-left text-sm">
          <caption className="sr-only">FSRS state of each card</caption>
          <ColumnHeads head={head} />
          <tbody>
            {cards.map((card) => (
              <tr
                key={card.cardId}
                data-card-id={card.cardId}
                className="border-b border-zinc-100 dark:border-zinc-800"
              >
                <th scope="row" className="min-w-44 px-3 py-1 font-normal">
                  {card.inDeck ? (
                    <a href={`/cards/${card.cardId}`} className="underline">
                      {card.title}
                    </a>
                  ) : (
                    `${card.title} (no longer in the deck)`
                  )}
                </th>
                <td className="px-3 py-1">{card.state}</td>
                <td className="px-3 py-1 tabular-nums">{formatStability(card.stability)}</td>
                <td className="px-3 py-1 tabular-nums">{formatRetrievability(card.retrievability)}</td>
                <td className="px-3 py-1">
                  {card.dueMs === null
                    ? 'when first reviewed'
                    : card.dueMs <= nowMs
                      ? `now (since ${formatInstant(card.dueMs, timezone)})`
                      : formatInstant(card.dueMs, timezone)}
                </td>
                <td className="px-3 py-1 tabular-nums">{card.reps}</td>
                <td className="px-3 py-1 tabular-nums">{card.lapses}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </figure>
    </section>
  )
}
