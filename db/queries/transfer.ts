// Named reads the study-state transfer needs beyond the review loop's own
// (study.ts): the whole review log for an export, and the second duplicate check
// of an import. The merge writes through study.ts and deck-settings.ts, so an
// imported row is stored by the same statement as a reviewed one.
import type { Sqlite } from '../open'
import { perConnection } from './per-connection'
import { type ReviewLogRecord, reviewLogColumns } from './study'

function prepareTransferQueries(sqlite: Sqlite) {
  const statements = {
    reviewLogs: sqlite.prepare(
      `SELECT ${reviewLogColumns} FROM review_logs WHERE learner_id = ? ORDER BY reviewed_at_ms, id`,
    ),
    logByCardAndTime: sqlite.prepare(
      'SELECT id FROM review_logs WHERE learner_id = ? AND card_id = ? AND reviewed_at_ms = ?',
    ),
  }

  return {
    /** Every review log of the learner, oldest first. */
    listReviewLogsByLearnerId({ learnerId }: { learnerId: string }): ReviewLogRecord[] {
      return statements.reviewLogs.all(learnerId) as ReviewLogRecord[]
    },
    /** The same review come through another install (another attempt token), if any. */
    findReviewLogIdByCardAndTime({
      learnerId,
      cardId,
      reviewedAtMs,
    }: {
      learnerId: string
      cardId: string
      reviewedAtMs: number
    }): number | undefined {
      return (statements.logByCardAndTime.get(learnerId, cardId, reviewedAtMs) as { id: number } | undefined)
        ?.id
    },
  }
}

export type TransferQueries = ReturnType<typeof prepareTransferQueries>
export const transferQueries = perConnection(prepareTransferQueries)
