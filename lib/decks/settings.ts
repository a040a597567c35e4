// Which decks a learner switched off: learner_settings.disabled_decks, a JSON
// array of deck ids. A deck not in the list is on, so new decks start on.
import type { Sqlite } from '@/db/open'
import type { DeckId } from './types'

const statementsFor = new WeakMap<Sqlite, ReturnType<typeof prepare>>()

function prepare(sqlite: Sqlite) {
  return {
    read: sqlite.prepare('SELECT disabled_decks AS disabledDecks FROM learner_settings WHERE learner_id = ?'),
    // A learner without a settings row yet gets one with the defaults (and UTC until the browser says).
    write: sqlite.prepare(
      `INSERT INTO learner_settings (learner_id, timezone, updated_at_ms, disabled_decks) VALUES (?, 'UTC', ?, ?)
       ON CONFLICT (learner_id) DO UPDATE SET disabled_decks = excluded.disabled_decks`,
    ),
  }
}

function statements(sqlite: Sqlite) {
  let prepared = statementsFor.get(sqlite)
  if (!prepared) {
    prepared = prepare(sqlite)
    statementsFor.set(sqlite, prepared)
  }
  return prepared
}

export function parseDeckIds(json: string): DeckId[] {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

export function disabledDecksOf(sqlite: Sqlite, learnerId: string): Set<DeckId> {
  const row = statements(sqlite).read.get(learnerId) as { disabledDecks: string } | undefined
  return new Set(row ? parseDeckIds(row.disabledDecks) : [])
}

export function saveDisabledDecks(
  sqlite: Sqlite,
  learnerId: string,
  deckIds: Iterable<DeckId>,
  nowMs: number,
): void {
  const sorted = [...new Set(deckIds)].sort()
  statements(sqlite).write.run(learnerId, nowMs, JSON.stringify(sorted))
}
