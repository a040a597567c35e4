// lib/decks' one way in: the deck registry (given its sources), the built-in and
// own-card sources, the per-deck switches, and the shared card types.
export { type DeckRegistry, deckRegistry, type FoundCard } from './registry'
export { disabledDecksOf, parseDeckIds, saveDisabledDecks } from './settings'
export {
  BUILT_IN_DECK_ID,
  builtInDeckSource,
  builtInDecks,
  idempotencyDeckSource,
  isBuiltInCardId,
  topicDecksSource,
} from './sources/built-in'
export { ownDeckSource } from './sources/own'
export type {
  DeckCardPoints,
  DeckCardTitle,
  DeckId,
  DeckInfo,
  DeckSource,
  ReviewCard,
  ReviewPoint,
} from './types'
export { OWN_DECK_PREFIX, ownDeckId } from './types'
