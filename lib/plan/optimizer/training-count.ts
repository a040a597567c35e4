// How many training items a learner's review log gives: the count /settings shows beside
// "Optimize my parameters". Counting reads every review (2,000 rows for a long history), so
// the count is kept per learner while the log's version and the study-day settings stay the
// same (lib/review-log-kept).
import { planQueries } from '@/db/queries/plan'
import type { Db } from '@/db/sql/db'
import type { StudyDayConfig } from '@/lib/calendar'
import { keptPerReviewLog } from '@/lib/review-log-kept'
import { countTrainingItems } from './items'

/** Counts kept per Db (per process): a number each, so many learners fit. */
const keptCounts = keptPerReviewLog<number>(256)

export async function trainingItemCountFor(
  db: Db,
  learnerId: string,
  config: StudyDayConfig,
): Promise<number> {
  return keptCounts.get(
    db,
    learnerId,
    async () => countTrainingItems(await planQueries(db).getReviewHistoryByLearnerId({ learnerId }), config),
    // Study days are counted in the learner's zone and rollover hour: a change to either counts again.
    { also: `${config.timezone} ${config.rolloverHour}` },
  )
}
