// Undo: the stored pre-review card comes back exactly (not ts-fsrs' rollback), and
// only the learner's latest review of this study day is offered.
import { type ReviewLogRecord, studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { studyDayBounds } from '@/lib/calendar'
import type { CardSchedule } from '@/lib/srs/scheduler'
import { settingsForLearner } from './learner-settings'

export type UndoResult =
  | { kind: 'undone'; cardId: string }
  | { kind: 'review-not-found' }
  /** A later review of the same card exists: undo that one first. */
  | { kind: 'not-latest' }

/** Restores the stored pre-review card exactly (or removes it, if it was new) and deletes the log. */
export function undoReview(
  db: Db,
  { learnerId, logId }: { learnerId: string; logId: number },
): Promise<UndoResult> {
  return db.transaction(
    async (tx): Promise<UndoResult> => {
      const q = studyQueries(tx)
      const log = await q.getReviewLogById({ learnerId, logId })
      if (!log) return { kind: 'review-not-found' }
      if (await q.hasLaterReviewOfCard(log)) return { kind: 'not-latest' }
      if (log.snapshot === null) await q.deleteCardState({ learnerId, cardId: log.cardId })
      else
        await q.saveCardState(learnerId, {
          cardId: log.cardId,
          ...(JSON.parse(log.snapshot) as CardSchedule),
        })
      await q.deleteReviewLog({ learnerId, logId })
      return { kind: 'undone', cardId: log.cardId }
    },
    { lockKey: learnerId },
  )
}

/** The review Undo would take back: the learner's latest, if it happened this study day. */
export async function undoableReview(
  db: Db,
  learnerId: string,
  nowMs: number,
): Promise<ReviewLogRecord | undefined> {
  const settings = await settingsForLearner(db, learnerId)
  const latest = await studyQueries(db).getLatestReviewByLearnerId(learnerId)
  if (!latest) return undefined
  return latest.reviewedAtMs >= studyDayBounds(nowMs, settings).startMs ? latest : undefined
}
