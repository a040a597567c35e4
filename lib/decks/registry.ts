// A deck registry over the sources it is given, in deck order. lib/decks knows no
// particular source list: the composition root (lib/review/decks.ts) picks the
// sources and hands out the registry only once every source is warm.
import type { Db } from '@/db/sql/db'
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
  decksFor(db: Db, learnerId: string): Promise<(DeckInfo & { enabled: boolean })[]>
  /** Every card the learner has, switched-off decks included (stats and history need their titles). */
  allReviewCardsFor(db: Db, learnerId: string): Promise<ReviewCard[]>
  /** The same cards' ids, titles and points only, without reading their content (stats). */
  allCardPointsFor(db: Db, learnerId: string): Promise<DeckCardPoints[]>
  /** The cards of the decks that are on, in deck order, without suspended cards: the review queue's deck. */
  reviewDeckFor(db: Db, learnerId: string): Promise<ReviewCard[]>
  /** Id, deck and title of the review deck's cards, in deck order, without reading their content (the plan). */
  reviewDeckTitlesFor(db: Db, learnerId: string): Promise<DeckCardTitle[]>
  /** Any card this learner may have (whether or not its deck is on), or undefined. */
  reviewCardById(db: Db, learnerId: string, cardId: string): Promise<ReviewCard | undefined>
  /** The same, with the source it came from (grading asks the source for the suggested rating). */
  findCard(db: Db, learnerId: string, cardId: string): Promise<FoundCard | undefined>
}

async function infosOf(source: DeckSource, db: Db, learnerId: string): Promise<DeckInfo[]> {
  return typeof source.info === 'function' ? source.info(db, learnerId) : [source.info]
}

/** Each source's answer, in deck order, flattened (the sources read in parallel). */
async function fromEverySource<T>(
  sources: readonly DeckSource[],
  read: (source: DeckSource) => T[] | Promise<T[]>,
): Promise<T[]> {
  return (await Promise.all(sources.map(read))).flat()
}

export function deckRegistry(sources: readonly DeckSource[]): DeckRegistry {
  const allReviewCardsFor = (db: Db, learnerId: string) =>
    fromEverySource(sources, (source) => source.cards(db, learnerId))

  const findCard = async (db: Db, learnerId: string, cardId: string): Promise<FoundCard | undefined> => {
    for (const source of sources) {
      const card = source.cardById
        ? await source.cardById(db, learnerId, cardId)
        : (await source.cards(db, learnerId)).find((c) => c.id === cardId)
      if (card) return { card, source }
    }
    return undefined
  }

  return {
    ready: async () => {
      await Promise.all(sources.map((source) => source.warm?.()))
    },
    async decksFor(db, learnerId) {
      const [disabled, decks] = await Promise.all([
        disabledDecksOf(db, learnerId),
        fromEverySource(sources, (source) => infosOf(source, db, learnerId)),
      ])
      return decks.map((deck) => ({ ...deck, enabled: !disabled.has(deck.id) }))
    },
    allReviewCardsFor,
    allCardPointsFor: (db, learnerId) =>
      fromEverySource(sources, async (source) =>
        source.cardPoints
          ? source.cardPoints(db, learnerId)
          : (await source.cards(db, learnerId)).map(({ id, deckId, title, points }) => ({
              id,
              deckId,
              title,
              points,
            })),
      ),
    async reviewDeckFor(db, learnerId) {
      const [disabled, cards] = await Promise.all([
        disabledDecksOf(db, learnerId),
        allReviewCardsFor(db, learnerId),
      ])
      return cards.filter((card) => !card.suspended && (disabled.size === 0 || !disabled.has(card.deckId)))
    },
    async reviewDeckTitlesFor(db, learnerId) {
      const [disabled, titles] = await Promise.all([
        disabledDecksOf(db, learnerId),
        fromEverySource<DeckCardTitle & { suspended?: boolean }>(sources, (source) =>
          source.titles ? source.titles(db, learnerId) : source.cards(db, learnerId),
        ),
      ])
      return titles
        .filter((card) => !card.suspended && (disabled.size === 0 || !disabled.has(card.deckId)))
        .map(({ id, deckId, title }) => ({ id, deckId, title }))
    },
    reviewCardById: async (db, learnerId, cardId) => (await findCard(db, learnerId, cardId))?.card,
    findCard,
  }
}
