// How many training items a learner's review log gives: the count /settings shows beside
// "Optimize my parameters". Counting reads every review (2,000 rows for a long history) and
// between two views the log rarely changes, so the count is kept per learner while the log's
// version (count and newest id, one read of an index) and the study-day settings stay the
// same. The version is read first, so a review written meanwhile can only make the kept count
// newer than its version, and the next view counts again; it is read from the database on
// every call, so a review another instance wrote (PostgreSQL) counts on the next view here.
import { planQueries } from '@/db/queries/plan'
import { statsQueries } from '@/db/queries/stats'
import type { Db } from '@/db/sql/db'
import { Lru } from '@/lib/lru'
import type { StudyDayConfig } from '@/lib/srs/study-day'
import { countTrainingItems } from './items'

/** Counts kept per Db (per process): a number each, so many learners fit. */
const KEPT_LEARNERS = 256
const kept = new WeakMap<Db, Lru<string, { version: string; count: number }>>()

export async function trainingItemCountFor(
  db: Db,
  learnerId: string,
  config: StudyDayConfig,
): Promise<number> {
  let byLearner = kept.get(db)
  if (!byLearner) {
    byLearner = new Lru(KEPT_LEARNERS)
    kept.set(db, byLearner)
  }
  // Study days are counted in the learner's zone and rollover hour: a change to either counts again.
  const version = `${await statsQueries(db).findReviewLogVersionByLearnerId({ learnerId })} ${config.timezone} ${config.rolloverHour}`
  const held = byLearner.get(learnerId)
  if (held?.version === version) return held.count
  const count = countTrainingItems(await planQueries(db).getReviewHistoryByLearnerId({ learnerId }), config)
  byLearner.set(learnerId, { version, count })
  return count
}
