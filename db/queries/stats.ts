// Named reads for the stats page: one learner's whole review history (the columns
// the stats use) and the settings the stats need. Card states come from study.ts.
import type { Db } from '../sql/db'
import { learnerVersionQueries } from './learner-versions'
import { perConnection } from './per-connection'

/**
 * A review log row as the stats read it, as a tuple (a learner's whole history is read on
 * every /stats view: arrays cost half what row objects do): card id, rating, state before,
 * reviewed at, duration, then the point lists still as JSON text.
 */
export type StatsReviewRecord = [
  cardId: string,
  rating: number,
  stateBefore: number,
  reviewedAtMs: number,
  durationMs: number,
  pointsTicked: string,
  pointsAll: string,
]

export interface StatsSettingsRecord {
  desiredRetention: number
  timezone: string
  rolloverHour: number
}

function prepareStatsQueries(db: Db) {
  const statements = {
    reviews: `SELECT card_id, rating, state_before, reviewed_at_ms, duration_ms, points_ticked, points_all
         FROM review_logs WHERE learner_id = ? ORDER BY reviewed_at_ms, id`,
    settings: `SELECT desired_retention AS desiredRetention, timezone, rollover_hour AS rolloverHour
       FROM learner_settings WHERE learner_id = ?`,
  }

  return {
    /** Every review of the learner, oldest first. */
    async listStatsReviewsByLearnerId({ learnerId }: { learnerId: string }): Promise<StatsReviewRecord[]> {
      return db.values<StatsReviewRecord>(statements.reviews, learnerId)
    },
    /** What changes whenever the learner's review log does (any insert, update or delete): equal versions mean equal logs. */
    async findReviewLogVersionByLearnerId({ learnerId }: { learnerId: string }): Promise<string> {
      return learnerVersionQueries(db).findLearnerVersion(learnerId, 'review_logs')
    },
    async findStatsSettingsByLearnerId({
      learnerId,
    }: {
      learnerId: string
    }): Promise<StatsSettingsRecord | undefined> {
      return (await db.get(statements.settings, learnerId)) as StatsSettingsRecord | undefined
    },
  }
}

export type StatsQueries = ReturnType<typeof prepareStatsQueries>
export const statsQueries = perConnection(prepareStatsQueries)
