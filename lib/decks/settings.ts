// Which decks a learner switched off: learner_settings.disabled_decks, a JSON
// array of deck ids. A deck not in the list is on, so new decks start on.

import { deckSettingQueries } from '@/db/queries/deck-settings'
import type { Db } from '@/db/sql/db'
import type { DeckId } from './types'

export function parseDeckIds(json: string): DeckId[] {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

export async function disabledDecksOf(db: Db, learnerId: string): Promise<Set<DeckId>> {
  const json = await deckSettingQueries(db).findDisabledDecksJsonByLearnerId({ learnerId })
  return new Set(json === undefined ? [] : parseDeckIds(json))
}

export async function saveDisabledDecks(
  db: Db,
  learnerId: string,
  deckIds: Iterable<DeckId>,
  nowMs: number,
): Promise<void> {
  const sorted = [...new Set(deckIds)].sort()
  await deckSettingQueries(db).saveDisabledDecksJson({
    learnerId,
    disabledDecksJson: JSON.stringify(sorted),
    nowMs,
  })
}
