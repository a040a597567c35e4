// Values worked out from a learner's whole review log, kept per learner while the log's
// version (count and newest id, one read of an index: db/queries/stats.ts) stays the same.
// Reading and walking a long history (2,000 rows) is most of what /stats and /settings
// would otherwise do on every view, and between two views the log rarely changes.
// The version is read first, so a review written meanwhile can only make the kept value
// newer than its version, and the next call works it out again. It is read from the
// database on every call, so a review another instance wrote (PostgreSQL) shows on the
// next call here. Kept per Db (per process: with several instances each keeps its own).
import { statsQueries } from '@/db/queries/stats'
import type { Db } from '@/db/sql/db'
import { Lru } from '@/lib/lru'

export interface KeptPerReviewLog<T> {
  /**
   * The learner's value: the kept one while the log's version and `also` (whatever else the
   * value depends on, e.g. the study-day settings) are unchanged, else `compute()`'s, kept
   * when `keep` allows. Callers must not change a kept value.
   */
  get(
    db: Db,
    learnerId: string,
    compute: () => Promise<T>,
    options?: { also?: string; keep?: (value: T) => boolean },
  ): Promise<T>
}

/** A store of one kind of value, for at most `learners` learners per Db. */
export function keptPerReviewLog<T>(learners: number): KeptPerReviewLog<T> {
  const kept = new WeakMap<Db, Lru<string, { version: string; value: T }>>()
  return {
    async get(db, learnerId, compute, { also = '', keep = () => true } = {}) {
      let byLearner = kept.get(db)
      if (!byLearner) {
        byLearner = new Lru(learners)
        kept.set(db, byLearner)
      }
      const version = `${await statsQueries(db).findReviewLogVersionByLearnerId({ learnerId })} ${also}`
      const held = byLearner.get(learnerId)
      if (held?.version === version) return held.value
      const value = await compute()
      if (keep(value)) byLearner.set(learnerId, { version, value })
      else byLearner.delete(learnerId)
      return value
    },
  }
}
