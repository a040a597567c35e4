// /stats: the current learner's review history, retention, forecast, the points
// they miss and where each card stands. Server-rendered; the charts are SVG with
// text equivalents, no client JS.
import type { Metadata } from 'next'
import { CardTable } from '@/components/stats/card-table'
import { DeckRecallTable } from '@/components/stats/deck-recall-table'
import { ForecastChart } from '@/components/stats/forecast-chart'
import { PointMisses } from '@/components/stats/point-misses'
import { RetentionChart } from '@/components/stats/retention-chart'
import { ReviewHeatmap } from '@/components/stats/review-heatmap'
import { ownCardQueries } from '@/db/queries/own-cards'
import { planQueries } from '@/db/queries/plan'
import { studyDecks } from '@/lib/review'
import { keptStatsView } from '@/lib/stats/kept-view'
import {
  getCardStatesByLearnerId,
  getStatsReviewsByLearnerId,
  getStatsSettingsByLearnerId,
} from '@/lib/stats/queries'
import { studyContext } from '@/lib/study-context'

export const metadata: Metadata = { title: 'Stats' }
export const dynamic = 'force-dynamic'

export default async function StatsPage({ searchParams }: PageProps<'/stats'>) {
  // Long histories show their most useful part first; `?misses=all` / `?cards=all` show everything.
  const query = await searchParams
  const showAll = { misses: query.misses === 'all', cards: query.cards === 'all' }
  // Each "Show all" link keeps what the other section already shows.
  const statsHref = (all: typeof showAll) => {
    const params = new URLSearchParams()
    if (all.misses) params.set('misses', 'all')
    if (all.cards) params.set('cards', 'all')
    return `/stats?${params}`
  }
  const { db, learnerId, nowMs } = await studyContext()
  const decks = await studyDecks()
  const [settings, ownCardsVersion, cardStatesVersion, deckList] = await Promise.all([
    getStatsSettingsByLearnerId(db, learnerId),
    ownCardQueries(db).findOwnCardsVersionByLearnerId(learnerId),
    planQueries(db).findCardStatesVersionByLearnerId({ learnerId }),
    decks.decksFor(db, learnerId),
  ])
  const stats = await keptStatsView(db, learnerId, nowMs, {
    // The deck list (titles, switches) is part of the view: recall per topic.
    settingsKey: JSON.stringify([settings, deckList]),
    // The card states too: a due moved without a review (the interview date) moves "due soonest".
    cardsKey: `${ownCardsVersion} ${cardStatesVersion}`,
    read: async () => {
      const [reviews, cardStates, cards] = await Promise.all([
        getStatsReviewsByLearnerId(db, learnerId),
        getCardStatesByLearnerId(db, learnerId),
        decks.allCardPointsFor(db, learnerId),
      ])
      return { settings, reviews, cardStates, cards, decks: deckList }
    },
  })
  const { timezone, rolloverHour } = stats.settings

  return (
    <div className="space-y-10">
      <header>
        <h1 className="text-2xl font-bold">Stats</h1>
        <p className="mt-2 text-zinc-700 dark:text-zinc-300">
          Study days start at {String(rolloverHour).padStart(2, '0')}:00 in {timezone}. Export or import your
          data on{' '}
          <a href="/settings" className="underline">
            Settings
          </a>
          .
        </p>
      </header>
      <ReviewHeatmap heatmap={stats.heatmap} />
      <RetentionChart retention={stats.retention} desiredRetention={stats.settings.desiredRetention} />
      <ForecastChart forecast={stats.forecast} />
      <DeckRecallTable decks={stats.decks} />
      <PointMisses
        misses={stats.misses}
        showAll={showAll.misses}
        showAllHref={statsHref({ ...showAll, misses: true })}
      />
      <CardTable
        cards={stats.cards}
        nowMs={nowMs}
        timezone={timezone}
        showAll={showAll.cards}
        showAllHref={statsHref({ ...showAll, cards: true })}
      />
    </div>
  )
}
