// The decks a learner studies: what /review, the dashboard, stats, grading,
// undo and the study-state transfer use instead of content/ alone.
import type { Sqlite } from '@/db/open'
import { deckSources } from './registry'
import { disabledDecksOf } from './settings'
import type { DeckInfo, DeckSource, ReviewCard } from './types'

export { disabledDecksOf, saveDisabledDecks } from './settings'
export type { DeckId, DeckInfo, ReviewCard, ReviewPoint } from './types'

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

/** The cards of the decks that are on, in deck order, without suspended cards: the review queue's deck. */
export function reviewDeckFor(sqlite: Sqlite, learnerId: string): ReviewCard[] {
  const disabled = disabledDecksOf(sqlite, learnerId)
  return allReviewCardsFor(sqlite, learnerId).filter(
    (card) => !card.suspended && (disabled.size === 0 || !disabled.has(card.deckId)),
  )
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
