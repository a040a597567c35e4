// Named reads the study-state transfer needs beyond the review loop's own
// (study.ts): the whole review log for an export, and the second duplicate check
// of an import. The merge writes through study.ts and deck-settings.ts, so an
// imported row is stored by the same statement as a reviewed one.
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'
import { type ReviewLogRecord, reviewLogColumns } from './study'

function prepareTransferQueries(db: Db) {
  const statements = {
    reviewLogs: `SELECT ${reviewLogColumns} FROM review_logs WHERE learner_id = ? ORDER BY reviewed_at_ms, id`,
    logByCardAndTime:
      'SELECT id FROM review_logs WHERE learner_id = ? AND card_id = ? AND reviewed_at_ms = ?',
  }

  return {
    /** Every review log of the learner, oldest first. */
    async listReviewLogsByLearnerId({ learnerId }: { learnerId: string }): Promise<ReviewLogRecord[]> {
      return (await db.all(statements.reviewLogs, learnerId)) as ReviewLogRecord[]
    },
    /** The same review come through another install (another attempt token), if any. */
    async findReviewLogIdByCardAndTime({
      learnerId,
      cardId,
      reviewedAtMs,
    }: {
      learnerId: string
      cardId: string
      reviewedAtMs: number
    }): Promise<number | undefined> {
      return (
        (await db.get(statements.logByCardAndTime, learnerId, cardId, reviewedAtMs)) as
          | { id: number }
          | undefined
      )?.id
    },
  }
}

export type TransferQueries = ReturnType<typeof prepareTransferQueries>
export const transferQueries = perConnection(prepareTransferQueries)
