// Which decks a learner switched off: learner_settings.disabled_decks, a JSON
// array of deck ids. A deck not in the list is on, so new decks start on.
import type { Sqlite } from '@/db/open'
import { deckSettingQueries } from '@/db/queries/deck-settings'
import type { DeckId } from './types'

export function parseDeckIds(json: string): DeckId[] {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

export function disabledDecksOf(sqlite: Sqlite, learnerId: string): Set<DeckId> {
  const json = deckSettingQueries(sqlite).findDisabledDecksJsonByLearnerId({ learnerId })
  return new Set(json === undefined ? [] : parseDeckIds(json))
}

export function saveDisabledDecks(
  sqlite: Sqlite,
  learnerId: string,
  deckIds: Iterable<DeckId>,
  nowMs: number,
): void {
  const sorted = [...new Set(deckIds)].sort()
  deckSettingQueries(sqlite).saveDisabledDecksJson({
    learnerId,
    disabledDecksJson: JSON.stringify(sorted),
    nowMs,
  })
}
