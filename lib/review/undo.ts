// Undo: the stored pre-review card comes back exactly (not ts-fsrs' rollback), and
// only the learner's latest review of this study day is offered.
import type { Sqlite } from '@/db/open'
import { type ReviewLogRecord, studyQueries } from '@/db/queries/study'
import type { CardSchedule } from '@/lib/srs/scheduler'
import { studyDayBounds } from '@/lib/srs/study-day'
import { settingsForLearner } from './learner-settings'

export type UndoResult =
  | { kind: 'undone'; cardId: string }
  | { kind: 'review-not-found' }
  /** A later review of the same card exists: undo that one first. */
  | { kind: 'not-latest' }

/** Restores the stored pre-review card exactly (or removes it, if it was new) and deletes the log. */
export function undoReview(
  sqlite: Sqlite,
  { learnerId, logId }: { learnerId: string; logId: number },
): UndoResult {
  const q = studyQueries(sqlite)
  const run = sqlite.transaction((): UndoResult => {
    const log = q.getReviewLogById({ learnerId, logId })
    if (!log) return { kind: 'review-not-found' }
    if (q.hasLaterReviewOfCard(log)) return { kind: 'not-latest' }
    if (log.snapshot === null) q.deleteCardState({ learnerId, cardId: log.cardId })
    else q.saveCardState(learnerId, { cardId: log.cardId, ...(JSON.parse(log.snapshot) as CardSchedule) })
    q.deleteReviewLog({ learnerId, logId })
    return { kind: 'undone', cardId: log.cardId }
  })
  return run.immediate()
}

/** The review Undo would take back: the learner's latest, if it happened this study day. */
export function undoableReview(
  sqlite: Sqlite,
  learnerId: string,
  nowMs: number,
): ReviewLogRecord | undefined {
  const settings = settingsForLearner(sqlite, learnerId)
  const latest = studyQueries(sqlite).getLatestReviewByLearnerId(learnerId)
  if (!latest) return undefined
  return latest.reviewedAtMs >= studyDayBounds(nowMs, settings).startMs ? latest : undefined
}
