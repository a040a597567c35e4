// The whole /stats view kept per learner while nothing it shows can have changed (issue 50): a
// history of 200,000 reviews takes a third of a second to read and walk, and between two views
// the log rarely changes. Kept while the review log's version (lib/review-log-kept: read from
// the database on every view, so a review another instance wrote shows at once), the study-day
// settings, the study day, the hour (recall now and "due in" move with the clock) and the
// learner's cards (the own cards' version: titles and points; the card states': a due moved
// without a review) are the same.
import type { Db } from '@/db/sql/db'
import { HOUR_MS } from '@/lib/calendar'
import { keptPerReviewLog } from '@/lib/review-log-kept'
import { buildStats, type StatsInput, type StatsView } from './build'

const keptViews = keptPerReviewLog<StatsView>(8)

export function keptStatsView(
  db: Db,
  learnerId: string,
  nowMs: number,
  {
    settingsKey,
    cardsKey,
    read,
  }: {
    /** What else the view depends on: the stats settings, and the versions of the own cards and card states. */
    settingsKey: string
    cardsKey: string
    read: () => Promise<StatsInput>
  },
): Promise<StatsView> {
  return keptViews.get(db, learnerId, async () => buildStats(await read(), nowMs), {
    also: `${settingsKey} ${cardsKey} ${Math.floor(nowMs / HOUR_MS)}`,
  })
}
