// Per card: FSRS state, stability, retrievability now and next due.

import { ScrollRegion } from '@/components/ui/scroll-region'
import { formatInstant } from '@/lib/calendar'
import { type CardOverview, soonestDueCards } from '@/lib/stats/card-overview'
import { CardTableRows } from './built-tables'
import { formatPercent } from './format'
import type { CardRow } from './table-markup'

function formatStability(days: number | null): string {
  if (days === null) return '–'
  return days < 10 ? `${days.toFixed(1)} days` : `${Math.round(days)} days`
}

/** Rounding would show a card a few days past its review as "100%": say "over 99%" until it truly is. */
function formatRetrievability(share: number | null): string {
  if (share !== null && share < 1 && share >= 0.995) return 'over 99%'
  return formatPercent(share)
}

/** A card's row in words: what the table shows, worked out once on the server. */
function cardRow(card: CardOverview, nowMs: number, timezone: string): CardRow {
  return {
    cardId: card.cardId,
    title: card.title,
    inDeck: card.inDeck,
    state: card.state,
    stability: formatStability(card.stability),
    retrievability: formatRetrievability(card.retrievability),
    due:
      card.dueMs === null
        ? 'when first reviewed'
        : card.dueMs <= nowMs
          ? `now (since ${formatInstant(card.dueMs, timezone)})`
          : formatInstant(card.dueMs, timezone),
    reps: card.reps,
    lapses: card.lapses,
  }
}

/** Rows shown unless the learner asks for all (`/stats?cards=all`): a page that stays small. */
export const CARDS_SHOWN = 50

export function CardTable({
  cards,
  nowMs,
  timezone,
  showAll = false,
  showAllHref = '/stats?cards=all',
}: {
  cards: CardOverview[]
  nowMs: number
  timezone: string
  showAll?: boolean
  /** The page with every row (keeping the page's other choices). */
  showAllHref?: string
}) {
  const shown = showAll ? cards : soonestDueCards(cards, CARDS_SHOWN)
  return (
    <section aria-labelledby="stats-cards-title" data-testid="stats-cards" className="space-y-3">
      <h2 id="stats-cards-title" className="text-xl font-semibold">
        Cards
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Stability: days until recall drops to 90%. Retrievability: the chance you recall the card right now.
        Times in {timezone}.
      </p>
      {shown.length < cards.length && (
        <p className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="cards-shown">
          The {shown.length} of your {cards.length} cards due soonest, in deck order.{' '}
          <a href={`${showAllHref}#stats-cards-title`} className="underline" data-testid="cards-show-all">
            Show all {cards.length} cards
          </a>
          .
        </p>
      )}
      {/* Seven columns do not fit a phone: the table scrolls sideways inside this region. */}
      <ScrollRegion aria-labelledby="stats-cards-title">
        <CardTableRows rows={shown.map((card) => cardRow(card, nowMs, timezone))} />
      </ScrollRegion>
    </section>
  )
}
