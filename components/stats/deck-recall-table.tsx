// Recall per topic: one row per deck (the built-in topics, the drills, the learner's own
// decks), with the cards seen of all and their average recall now.
import type { DeckRecall } from '@/lib/stats/deck-recall'
import { DataTableRows } from './built-tables'
import { formatPercent } from './format'

export function DeckRecallTable({ decks }: { decks: readonly DeckRecall[] }) {
  if (decks.length === 0) return null
  const rows = decks.map((deck) => [
    deck.title,
    `${deck.seen} of ${deck.cards}`,
    formatPercent(deck.averageRecall),
  ])
  return (
    <section aria-labelledby="stats-topics-title" data-testid="stats-topics" className="space-y-3">
      <h2 id="stats-topics-title" className="text-xl font-semibold">
        Recall per topic
      </h2>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Each deck's cards you have reviewed, and the average chance you recall them right now.
      </p>
      <DataTableRows
        caption="Recall per topic"
        head={['Topic', 'Cards seen', 'Average recall now']}
        rows={rows}
      />
    </section>
  )
}
