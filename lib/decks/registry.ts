// A deck registry over the sources it is given, in deck order. lib/decks knows no
// particular source list: the composition root (lib/review/decks.ts) picks the
// sources and hands out the registry only once every source is warm.
import type { Sqlite } from '@/db/open'
import { disabledDecksOf } from './settings'
import type { DeckCardPoints, DeckCardTitle, DeckInfo, DeckSource, ReviewCard } from './types'

export interface FoundCard {
  card: ReviewCard
  /** The source the card came from: it decides the card's suggested rating. */
  source: DeckSource
}

export interface DeckRegistry {
  /** Resolves once every source may list its cards. */
  ready(): Promise<void>
  /** Every deck this learner has, in deck order, with whether it is switched on (needs no warm-up). */
  decksFor(sqlite: Sqlite, learnerId: string): (DeckInfo & { enabled: boolean })[]
  /** Every card the learner has, switched-off decks included (stats and history need their titles). */
  allReviewCardsFor(sqlite: Sqlite, learnerId: string): ReviewCard[]
  /** The same cards' ids, titles and points only, without reading their content (stats). */
  allCardPointsFor(sqlite: Sqlite, learnerId: string): DeckCardPoints[]
  /** The cards of the decks that are on, in deck order, without suspended cards: the review queue's deck. */
  reviewDeckFor(sqlite: Sqlite, learnerId: string): ReviewCard[]
  /** Id, deck and title of the review deck's cards, in deck order, without reading their content (the plan). */
  reviewDeckTitlesFor(sqlite: Sqlite, learnerId: string): DeckCardTitle[]
  /** Any card this learner may have (whether or not its deck is on), or undefined. */
  reviewCardById(sqlite: Sqlite, learnerId: string, cardId: string): ReviewCard | undefined
  /** The same, with the source it came from (grading asks the source for the suggested rating). */
  findCard(sqlite: Sqlite, learnerId: string, cardId: string): FoundCard | undefined
}

function infosOf(source: DeckSource, sqlite: Sqlite, learnerId: string): DeckInfo[] {
  return typeof source.info === 'function' ? source.info(sqlite, learnerId) : [source.info]
}

export function deckRegistry(sources: readonly DeckSource[]): DeckRegistry {
  const allReviewCardsFor = (sqlite: Sqlite, learnerId: string) =>
    sources.flatMap((source) => source.cards(sqlite, learnerId))

  const findCard = (sqlite: Sqlite, learnerId: string, cardId: string): FoundCard | undefined => {
    for (const source of sources) {
      const card = source.cardById
        ? source.cardById(sqlite, learnerId, cardId)
        : source.cards(sqlite, learnerId).find((c) => c.id === cardId)
      if (card) return { card, source }
    }
    return undefined
  }

  return {
    ready: async () => {
      await Promise.all(sources.map((source) => source.warm?.()))
    },
    decksFor(sqlite, learnerId) {
      const disabled = disabledDecksOf(sqlite, learnerId)
      return sources
        .flatMap((source) => infosOf(source, sqlite, learnerId))
        .map((deck) => ({ ...deck, enabled: !disabled.has(deck.id) }))
    },
    allReviewCardsFor,
    allCardPointsFor(sqlite, learnerId) {
      return sources.flatMap((source) =>
        source.cardPoints
          ? source.cardPoints(sqlite, learnerId)
          : source.cards(sqlite, learnerId).map(({ id, title, points }) => ({ id, title, points })),
      )
    },
    reviewDeckFor(sqlite, learnerId) {
      const disabled = disabledDecksOf(sqlite, learnerId)
      return allReviewCardsFor(sqlite, learnerId).filter(
        (card) => !card.suspended && (disabled.size === 0 || !disabled.has(card.deckId)),
      )
    },
    reviewDeckTitlesFor(sqlite, learnerId) {
      const disabled = disabledDecksOf(sqlite, learnerId)
      return sources
        .flatMap((source) =>
          source.titles ? source.titles(sqlite, learnerId) : source.cards(sqlite, learnerId),
        )
        .filter((card) => !card.suspended && (disabled.size === 0 || !disabled.has(card.deckId)))
        .map(({ id, deckId, title }) => ({ id, deckId, title }))
    },
    reviewCardById: (sqlite, learnerId, cardId) => findCard(sqlite, learnerId, cardId)?.card,
    findCard,
  }
}
