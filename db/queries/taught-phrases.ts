// Phrases a learner taught the grader ("This is where I said it" on /review): read with the day's
// cards and by POST /api/grade/suggest, listed and removed on /settings, carried by the study-state
// export/import. A phrase is its own identity (learner, card, point, words): teaching it again, or
// importing it twice, stores it once.
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'

export interface TaughtPhraseRecord {
  cardId: string
  pointId: string
  phrase: string
  /** The point's key concept when taught (other cards' points sharing it hear the phrase); null: this point only. */
  concept: string | null
  createdAtMs: number
}

const COLUMNS = 'card_id AS cardId, point_id AS pointId, phrase, concept, created_at_ms AS createdAtMs'

function prepareTaughtPhraseQueries(db: Db) {
  const statements = {
    byLearner: `SELECT ${COLUMNS} FROM taught_phrases WHERE learner_id = ? ORDER BY created_at_ms, card_id, point_id, phrase`,
    insert: `INSERT INTO taught_phrases (learner_id, card_id, point_id, phrase, concept, created_at_ms)
       VALUES (@learnerId, @cardId, @pointId, @phrase, @concept, @createdAtMs)
       ON CONFLICT (learner_id, card_id, point_id, phrase) DO NOTHING`,
    remove: 'DELETE FROM taught_phrases WHERE learner_id = ? AND card_id = ? AND point_id = ? AND phrase = ?',
  }

  return {
    /** The learner's phrases, oldest first. */
    async listTaughtPhrasesByLearnerId({ learnerId }: { learnerId: string }): Promise<TaughtPhraseRecord[]> {
      return db.all<TaughtPhraseRecord>(statements.byLearner, learnerId)
    },
    /** Stores the phrase; false when the learner had taught exactly it already (nothing changes). */
    async insertTaughtPhrase(row: TaughtPhraseRecord & { learnerId: string }): Promise<boolean> {
      const { changes } = await db.run(statements.insert, {
        learnerId: row.learnerId,
        cardId: row.cardId,
        pointId: row.pointId,
        phrase: row.phrase,
        concept: row.concept,
        createdAtMs: row.createdAtMs,
      })
      return changes === 1
    },
    /** Forgets one phrase; false when there was none. */
    async deleteTaughtPhrase({
      learnerId,
      cardId,
      pointId,
      phrase,
    }: {
      learnerId: string
      cardId: string
      pointId: string
      phrase: string
    }): Promise<boolean> {
      const { changes } = await db.run(statements.remove, learnerId, cardId, pointId, phrase)
      return changes === 1
    },
  }
}

export type TaughtPhraseQueries = ReturnType<typeof prepareTaughtPhraseQueries>
export const taughtPhraseQueries = perConnection(prepareTaughtPhraseQueries)
