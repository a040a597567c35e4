// The learner's deck switches: learner_settings.disabled_decks, a JSON array of
// deck ids (lib/decks parses it and owns what it means).
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'

function prepareDeckSettingQueries(db: Db) {
  const statements = {
    read: 'SELECT disabled_decks AS disabledDecks FROM learner_settings WHERE learner_id = ?',
    // A learner without a settings row yet gets one with the defaults (and UTC until the browser says).
    write: `INSERT INTO learner_settings (learner_id, timezone, updated_at_ms, disabled_decks) VALUES (?, 'UTC', ?, ?)
       ON CONFLICT (learner_id) DO UPDATE SET disabled_decks = excluded.disabled_decks`,
  }

  return {
    /** The stored JSON array, or undefined when the learner has no settings row. */
    async findDisabledDecksJsonByLearnerId({
      learnerId,
    }: {
      learnerId: string
    }): Promise<string | undefined> {
      const row = (await db.get(statements.read, learnerId)) as { disabledDecks: string } | undefined
      return row?.disabledDecks
    },
    async saveDisabledDecksJson({
      learnerId,
      disabledDecksJson,
      nowMs,
    }: {
      learnerId: string
      disabledDecksJson: string
      nowMs: number
    }): Promise<void> {
      await db.run(statements.write, learnerId, nowMs, disabledDecksJson)
    },
  }
}

export type DeckSettingQueries = ReturnType<typeof prepareDeckSettingQueries>
export const deckSettingQueries = perConnection(prepareDeckSettingQueries)
