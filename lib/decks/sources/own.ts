// A learner's own decks: their cards in the own_cards table, one deck per deck name.

import { type OwnCardRecord, ownCardQueries } from '@/db/queries/own-cards'
import type { Db } from '@/db/sql/db'
import { Rating, type SuggestRating, suggestRecallRating } from '@/lib/srs/rubric'
import { type DeckInfo, type DeckSource, ownDeckId, type ReviewCard } from '../types'

export function reviewCardOfOwn(card: OwnCardRecord): ReviewCard {
  return Object.defineProperty(
    {
      id: card.id,
      deckId: ownDeckId(card.deckSlug),
      title: card.title,
      prompt: card.prompt,
      answerMarkdown: card.answerMarkdown,
      kind: 'recall' as const,
      format: card.format ?? 'markdown',
      suspended: card.suspended ?? false,
    },
    // Lazy, like the record's: only the card the queue picks needs its points.
    'points',
    { enumerable: true, get: () => card.points },
  ) as ReviewCard
}

/** The learner's own decks by name; a deck's title is the name its first card gave it. */
export function ownDecksOf(cards: readonly Pick<OwnCardRecord, 'deckSlug' | 'deckName'>[]): DeckInfo[] {
  const decks = new Map<string, DeckInfo>()
  for (const card of cards) {
    const id = ownDeckId(card.deckSlug)
    if (!decks.has(id)) decks.set(id, { id, title: card.deckName, kind: 'own' })
  }
  return [...decks.values()]
}

/**
 * A plain card (no points: from Anki, or written without) has nothing to tick, so it
 * suggests Good, Anki's usual answer for a card recalled; a card with points uses the rubric.
 */
export const suggestOwnCardRating: SuggestRating = (card, tickedIds) =>
  card.points.length === 0 ? Rating.Good : suggestRecallRating(card, tickedIds)

export const ownDeckSource: DeckSource = {
  info: async (db: Db, learnerId: string) =>
    ownDecksOf(await ownCardQueries(db).listOwnCardDeckNamesByLearnerId(learnerId)),
  cards: async (db, learnerId) =>
    (await ownCardQueries(db).listOwnCardsByLearnerId(learnerId)).map(reviewCardOfOwn),
  titles: async (db, learnerId) =>
    (await ownCardQueries(db).listOwnCardTitlesByLearnerId(learnerId)).map((row) => ({
      id: row.id,
      deckId: ownDeckId(row.deckSlug),
      title: row.title,
      suspended: row.suspended,
    })),
  cardPoints: async (db, learnerId) =>
    (await ownCardQueries(db).listOwnCardPointsByLearnerId(learnerId)).map(({ deckSlug, ...card }) => ({
      ...card,
      deckId: ownDeckId(deckSlug),
    })),
  cardById: async (db, learnerId, cardId) => {
    const card = await ownCardQueries(db).getOwnCardByLearnerAndId({ learnerId, cardId })
    return card && reviewCardOfOwn(card)
  },
  suggestRating: suggestOwnCardRating,
}
