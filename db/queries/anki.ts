// Named reads and writes for Anki imports and exports: where an imported card came
// from (anki_card_links), the suspension Anki gave it, and the review history an
// export writes out. Scoped by learner_id like every study-side query.
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'
import type { NewReviewLogRecord } from './study'

export interface AnkiCardLinkRecord {
  cardId: string
  guid: string
  ord: number
  noteId: number
  onlyCardOfNote: boolean
  sourceHash: string
}

export interface CardReviewRecord {
  cardId: string
  attemptToken: string
  rating: number
  durationMs: number
  stateBefore: number
  reviewedAtMs: number
  dueAfterMs: number
}

function prepareAnkiQueries(db: Db) {
  const statements = {
    links: `SELECT card_id AS cardId, guid, ord, note_id AS noteId, only_card_of_note AS onlyCardOfNote,
         source_hash AS sourceHash
       FROM anki_card_links WHERE learner_id = ?`,
    upsertLink: `INSERT INTO anki_card_links (learner_id, card_id, guid, ord, note_id, only_card_of_note, source_hash)
       VALUES (@learnerId, @cardId, @guid, @ord, @noteId, @onlyCardOfNote, @sourceHash)
       ON CONFLICT (learner_id, card_id) DO UPDATE SET guid = excluded.guid, ord = excluded.ord,
         note_id = excluded.note_id, only_card_of_note = excluded.only_card_of_note,
         source_hash = excluded.source_hash`,
    setSuspended: 'UPDATE own_cards SET suspended = ? WHERE learner_id = ? AND id = ?',
    reviewsOfCard: `SELECT card_id AS cardId, attempt_token AS attemptToken, rating, duration_ms AS durationMs,
         state_before AS stateBefore, reviewed_at_ms AS reviewedAtMs, due_after_ms AS dueAfterMs
       FROM review_logs WHERE learner_id = ? AND card_id = ? ORDER BY reviewed_at_ms, id`,
    insertReview: `INSERT INTO review_logs (learner_id, card_id, attempt_token, rating, suggested_rating, points_ticked, points_all,
         duration_ms, answer_mode, state_before, reviewed_at_ms, snapshot, due_after_ms)
       VALUES (@learnerId, @cardId, @attemptToken, @rating, @suggestedRating, @pointsTicked, @pointsAll,
         @durationMs, @answerMode, @stateBefore, @reviewedAtMs, @snapshot, @dueAfterMs)
       ON CONFLICT (learner_id, attempt_token) DO NOTHING`,
    reviewsOfLearner: `SELECT card_id AS cardId, attempt_token AS attemptToken, rating, duration_ms AS durationMs,
         state_before AS stateBefore, reviewed_at_ms AS reviewedAtMs, due_after_ms AS dueAfterMs
       FROM review_logs WHERE learner_id = ? ORDER BY reviewed_at_ms, id`,
  }

  return {
    async listAnkiCardLinksByLearnerId(learnerId: string): Promise<AnkiCardLinkRecord[]> {
      return (
        (await db.all(statements.links, learnerId)) as (Omit<AnkiCardLinkRecord, 'onlyCardOfNote'> & {
          onlyCardOfNote: number
        })[]
      ).map((row) => ({ ...row, onlyCardOfNote: row.onlyCardOfNote === 1 }))
    },
    async saveAnkiCardLink({
      learnerId,
      link,
    }: {
      learnerId: string
      link: AnkiCardLinkRecord
    }): Promise<void> {
      await db.run(statements.upsertLink, { learnerId, ...link, onlyCardOfNote: link.onlyCardOfNote ? 1 : 0 })
    },
    async setSuspensionOfOwnCard({
      learnerId,
      cardId,
      suspended,
    }: {
      learnerId: string
      cardId: string
      suspended: boolean
    }): Promise<void> {
      await db.run(statements.setSuspended, suspended ? 1 : 0, learnerId, cardId)
    },
    /** One card's reviews in time order (an import replays them with the new ones). */
    async listReviewsOfCard({
      learnerId,
      cardId,
    }: {
      learnerId: string
      cardId: string
    }): Promise<CardReviewRecord[]> {
      return (await db.all(statements.reviewsOfCard, learnerId, cardId)) as CardReviewRecord[]
    },
    /** An imported review (its attempt token names the revlog row; a second time writes nothing). */
    async insertImportedReviewLog(log: NewReviewLogRecord): Promise<void> {
      await db.run(statements.insertReview, log)
    },
    /** Every review of the learner in time order (an export keeps those of the deck's cards). */
    async listReviewsByLearnerId(learnerId: string): Promise<CardReviewRecord[]> {
      return (await db.all(statements.reviewsOfLearner, learnerId)) as CardReviewRecord[]
    },
  }
}

export type AnkiQueries = ReturnType<typeof prepareAnkiQueries>

export const ankiQueries = perConnection(prepareAnkiQueries)
