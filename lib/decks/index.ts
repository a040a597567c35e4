// The decks a learner studies: what /review, the dashboard, stats, grading,
// undo and the study-state transfer use instead of content/ alone.
import type { Sqlite } from '@/db/open'
import { deckSources } from './registry'
import { disabledDecksOf } from './settings'
import type { DeckCardTitle, DeckInfo, DeckSource, ReviewCard } from './types'

export { disabledDecksOf, saveDisabledDecks } from './settings'
export type { DeckCardTitle, DeckId, DeckInfo, ReviewCard, ReviewPoint } from './types'

function infosOf(source: DeckSource, sqlite: Sqlite, learnerId: string): DeckInfo[] {
  return typeof source.info === 'function' ? source.info(sqlite, learnerId) : [source.info]
}

/** Every deck this learner has, in deck order, with whether it is switched on. */
export function decksFor(sqlite: Sqlite, learnerId: string): (DeckInfo & { enabled: boolean })[] {
  const disabled = disabledDecksOf(sqlite, learnerId)
  return deckSources
    .flatMap((source) => infosOf(source, sqlite, learnerId))
    .map((deck) => ({ ...deck, enabled: !disabled.has(deck.id) }))
}

/** Every card the learner has, switched-off decks included (stats and history need their titles). */
export function allReviewCardsFor(sqlite: Sqlite, learnerId: string): ReviewCard[] {
  return deckSources.flatMap((source) => source.cards(sqlite, learnerId))
}

/** The cards of the decks that are on, in deck order: the review queue's deck. */
export function reviewDeckFor(sqlite: Sqlite, learnerId: string): ReviewCard[] {
  const disabled = disabledDecksOf(sqlite, learnerId)
  const cards = allReviewCardsFor(sqlite, learnerId)
  return disabled.size === 0 ? cards : cards.filter((card) => !disabled.has(card.deckId))
}

/** Id, deck and title of the review deck's cards, in deck order, without reading their content. */
export function reviewDeckTitlesFor(sqlite: Sqlite, learnerId: string): DeckCardTitle[] {
  const disabled = disabledDecksOf(sqlite, learnerId)
  return deckSources
    .flatMap((source) => (source.titles ? source.titles(sqlite, learnerId) : source.cards(sqlite, learnerId)))
    .filter((card) => !disabled.has(card.deckId))
    .map(({ id, deckId, title }) => ({ id, deckId, title }))
}

/** Any card this learner may have (whether or not its deck is on), or undefined. */
export function reviewCardById(sqlite: Sqlite, learnerId: string, cardId: string): ReviewCard | undefined {
  for (const source of deckSources) {
    const card = source.cardById
      ? source.cardById(sqlite, learnerId, cardId)
      : source.cards(sqlite, learnerId).find((c) => c.id === cardId)
    if (card) return card
  }
  return undefined
}
