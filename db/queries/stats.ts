// Named reads for the stats page: one learner's whole review history (the columns
// the stats use) and the settings the stats need. Card states come from study.ts.
import type { Sqlite } from '../open'
import { perConnection } from './per-connection'

/** A review log row as the stats read it; the point lists are still JSON text. */
export interface StatsReviewRecord {
  cardId: string
  rating: number
  stateBefore: number
  reviewedAtMs: number
  durationMs: number
  pointsTicked: string
  pointsAll: string
}

export interface StatsSettingsRecord {
  desiredRetention: number
  timezone: string
  rolloverHour: number
}

function prepareStatsQueries(sqlite: Sqlite) {
  const statements = {
    reviews: sqlite.prepare(
      `SELECT card_id AS cardId, rating, state_before AS stateBefore, reviewed_at_ms AS reviewedAtMs,
              duration_ms AS durationMs, points_ticked AS pointsTicked, points_all AS pointsAll
       FROM review_logs WHERE learner_id = ? ORDER BY reviewed_at_ms, id`,
    ),
    settings: sqlite.prepare(
      `SELECT desired_retention AS desiredRetention, timezone, rollover_hour AS rolloverHour
       FROM learner_settings WHERE learner_id = ?`,
    ),
  }

  return {
    /** Every review of the learner, oldest first. */
    listStatsReviewsByLearnerId({ learnerId }: { learnerId: string }): StatsReviewRecord[] {
      return statements.reviews.all(learnerId) as StatsReviewRecord[]
    },
    findStatsSettingsByLearnerId({ learnerId }: { learnerId: string }): StatsSettingsRecord | undefined {
      return statements.settings.get(learnerId) as StatsSettingsRecord | undefined
    },
  }
}

export type StatsQueries = ReturnType<typeof prepareStatsQueries>
export const statsQueries = perConnection(prepareStatsQueries)
