// The rows an Anki import adds, written in bulk: a package brings thousands of cards and
// tens of thousands of reviews. One statement per row would be one round trip each on
// PostgreSQL (and one await each on either), so rows go in multi-row INSERTs of up to 500,
// cut by batches.ts (the same sizes as the study-state import). The upserts' ON CONFLICT
// clauses are those of anki.ts, own-cards.ts and study.ts.
import type { Db } from '../sql/db'
import type { AnkiCardLinkRecord } from './anki'
import { inBatches, placeholders } from './batches'
import type { OwnCardRecord } from './own-cards'
import { perConnection } from './per-connection'
import type { CardStateRecord, NewReviewLogRecord } from './study'
import { transferQueries } from './transfer'

/** `INSERT INTO table (columns) VALUES (?, …), (?, …) suffix` for `rows`, in batches. */
async function insertInChunks<Row>(
  db: Db,
  head: string,
  suffix: string,
  columns: number,
  rows: readonly Row[],
  valuesOf: (row: Row) => unknown[],
): Promise<void> {
  for (const batch of inBatches(rows))
    await db.run(
      `${head} VALUES ${placeholders(columns, batch.length)} ${suffix}`,
      ...batch.flatMap(valuesOf),
    )
}

/** The last of each key only: one multi-row upsert may not touch a row twice on PostgreSQL (SQLite's last one wins anyway). */
function lastByKey<Row>(rows: readonly Row[], keyOf: (row: Row) => string): Row[] {
  return [...new Map(rows.map((row) => [keyOf(row), row])).values()]
}

function prepareAnkiImportWrites(db: Db) {
  return {
    async insertOwnCards(learnerId: string, cards: readonly OwnCardRecord[]): Promise<void> {
      await insertInChunks(
        db,
        `INSERT INTO own_cards (learner_id, id, title, deck_name, deck_slug, prompt, points, answer_markdown,
           created_at_ms, updated_at_ms, format, suspended)`,
        '',
        12,
        cards,
        (card) => [
          learnerId,
          card.id,
          card.title,
          card.deckName,
          card.deckSlug,
          card.prompt,
          JSON.stringify(card.points),
          card.answerMarkdown,
          card.createdAtMs,
          card.updatedAtMs,
          card.format ?? 'markdown',
          card.suspended ? 1 : 0,
        ],
      )
    },
    async saveAnkiCardLinks(learnerId: string, links: readonly AnkiCardLinkRecord[]): Promise<void> {
      await insertInChunks(
        db,
        'INSERT INTO anki_card_links (learner_id, card_id, guid, ord, note_id, only_card_of_note, source_hash)',
        `ON CONFLICT (learner_id, card_id) DO UPDATE SET guid = excluded.guid, ord = excluded.ord,
           note_id = excluded.note_id, only_card_of_note = excluded.only_card_of_note,
           source_hash = excluded.source_hash`,
        7,
        lastByKey(links, (link) => link.cardId),
        (link) => [
          learnerId,
          link.cardId,
          link.guid,
          link.ord,
          link.noteId,
          link.onlyCardOfNote ? 1 : 0,
          link.sourceHash,
        ],
      )
    },
    /** Imported reviews; one whose attempt token is already there is left alone. */
    /** The history, as an export import adds it (db/queries/transfer.ts: the same columns and conflict rule). */
    async insertImportedReviewLogs(logs: readonly NewReviewLogRecord[]): Promise<void> {
      await transferQueries(db).insertReviewLogs(logs)
    },
    async saveCardStates(learnerId: string, states: readonly CardStateRecord[]): Promise<void> {
      await insertInChunks(
        db,
        `INSERT INTO card_states (learner_id, card_id, due_ms, stability, difficulty, elapsed_days, scheduled_days,
           learning_steps, reps, lapses, state, last_review_ms)`,
        `ON CONFLICT (learner_id, card_id) DO UPDATE SET due_ms = excluded.due_ms, stability = excluded.stability,
           difficulty = excluded.difficulty, elapsed_days = excluded.elapsed_days,
           scheduled_days = excluded.scheduled_days, learning_steps = excluded.learning_steps, reps = excluded.reps,
           lapses = excluded.lapses, state = excluded.state, last_review_ms = excluded.last_review_ms`,
        12,
        lastByKey(states, (state) => state.cardId),
        (state) => [
          learnerId,
          state.cardId,
          state.dueMs,
          state.stability,
          state.difficulty,
          state.elapsedDays,
          state.scheduledDays,
          state.learningSteps,
          state.reps,
          state.lapses,
          state.state,
          state.lastReviewMs,
        ],
      )
    },
  }
}

export type AnkiImportWrites = ReturnType<typeof prepareAnkiImportWrites>

export const ankiImportWrites = perConnection(prepareAnkiImportWrites)
