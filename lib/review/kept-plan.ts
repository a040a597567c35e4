// The interview plan kept per learner while nothing it shows can have changed (issue 50): at
// 20,000 cards, building it projects every card to the interview day through the scheduler and
// reads every card's last review (a second and more of CPU), and between two views of /plan or
// the home page the collection rarely changes. Kept while the review log's version
// (lib/review-log-kept), the card states' and own cards' versions (a due moved by the interview
// date, an import, an edited title), the study settings, the decks switched off, the study day
// and the hour are the same; all are read from the database on every view (so a write another
// instance made shows at once). Within the hour, "now" in the projection is when it was built.
import { ownCardQueries } from '@/db/queries/own-cards'
import { planQueries } from '@/db/queries/plan'
import type { Db } from '@/db/sql/db'
import { HOUR_MS, studyDayNumberOf } from '@/lib/calendar'
import { disabledDecksOf } from '@/lib/decks'
import { keptPerReviewLog } from '@/lib/review-log-kept'
import type { StudySettings } from '@/lib/srs/settings'

/** A kept value for this learner's plan: `compute()`'s, worked out again when the plan may have changed. */
export type KeptForPlan<T> = (
  db: Db,
  learnerId: string,
  nowMs: number,
  settings: StudySettings,
  compute: () => Promise<T>,
) => Promise<T>

/** A store of one kind of value derived from a learner's plan, for at most `learners` learners per Db. */
export function keptForPlan<T>(learners: number): KeptForPlan<T> {
  const kept = keptPerReviewLog<T>(learners)
  return async (db, learnerId, nowMs, settings, compute) => {
    const [cardStates, ownCards, disabled] = await Promise.all([
      planQueries(db).findCardStatesVersionByLearnerId({ learnerId }),
      ownCardQueries(db).findOwnCardsVersionByLearnerId(learnerId),
      disabledDecksOf(db, learnerId),
    ])
    const also = JSON.stringify([
      cardStates,
      ownCards,
      [...disabled].sort(),
      settings,
      studyDayNumberOf(nowMs, settings),
      Math.floor(nowMs / HOUR_MS),
    ])
    return kept.get(db, learnerId, compute, { also })
  }
}
