import { describe, expect, test } from 'vitest'
import type { CardOverview } from './card-overview'
import { recallByDeck } from './deck-recall'

function overview(cardId: string, retrievability: number | null): CardOverview {
  return {
    cardId,
    title: cardId,
    inDeck: true,
    state: retrievability === null ? 'New' : 'Review',
    stability: null,
    retrievability,
    dueMs: null,
    lastReviewMs: null,
    reps: 0,
    lapses: 0,
  }
}

describe('recall per topic', () => {
  test("counts each deck's cards seen of all and averages recall now over the cards seen, in deck order", () => {
    const decks = [
      { id: 'idempotency', title: 'Idempotency keys' },
      { id: 'caching', title: 'Caching' },
      { id: 'empty', title: 'No cards left' },
      { id: 'designs', title: 'Whole designs' },
    ]
    const cards = [
      { id: 'a', deckId: 'idempotency' },
      { id: 'b', deckId: 'idempotency' },
      { id: 'c', deckId: 'caching' },
      { id: 'd', deckId: 'designs' },
      { id: 'e', deckId: 'designs' },
    ]
    const overviews = [overview('a', 0.9), overview('b', 0.7), overview('c', null), overview('d', 0.5)]
    expect(recallByDeck(decks, cards, overviews)).toEqual([
      { deckId: 'idempotency', title: 'Idempotency keys', seen: 2, cards: 2, averageRecall: 0.8 },
      { deckId: 'caching', title: 'Caching', seen: 0, cards: 1, averageRecall: null },
      { deckId: 'designs', title: 'Whole designs', seen: 1, cards: 2, averageRecall: 0.5 },
    ])
  })
})
