// The built-in idempotency deck: the content/cards files, the same for every learner.
import { allCards } from '@/lib/content/cards'
import type { Card } from '@/lib/content/schema'
import { suggestRecallRating } from '@/lib/srs/rubric'
import type { DeckSource, ReviewCard } from '../types'

export const BUILT_IN_DECK_ID = 'idempotency'

export function reviewCardOf(card: Card): ReviewCard {
  return {
    id: card.id,
    deckId: card.deck,
    title: card.title,
    prompt: card.prompt,
    answerMarkdown: card.answerMarkdown,
    kind: 'recall',
    points: card.points,
    answerTargetMinutes: card.answerTargetMinutes,
  }
}

let cached: { cards: ReviewCard[]; byId: Map<string, ReviewCard> } | undefined

function builtIn() {
  if (!cached) {
    const cards = allCards().map(reviewCardOf)
    cached = { cards, byId: new Map(cards.map((card) => [card.id, card])) }
  }
  return cached
}

/** Ids no learner's own card may take (they would shadow a built-in card's history). */
export function isBuiltInCardId(cardId: string): boolean {
  return builtIn().byId.has(cardId)
}

export const builtInDeckSource: DeckSource = {
  info: { id: BUILT_IN_DECK_ID, title: 'Idempotency keys', kind: 'built-in' },
  cards: () => builtIn().cards,
  cardById: (_db, _learnerId, cardId) => builtIn().byId.get(cardId),
  suggestRating: suggestRecallRating,
}
