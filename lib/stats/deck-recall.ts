// Recall per topic (deck): of each deck's cards, how many the learner has seen and their
// average recall now (FSRS retrievability, over the cards seen). Decks in deck order; a deck
// with no card left (all deleted) is not listed.
import type { CardOverview } from './card-overview'

export interface DeckRecall {
  deckId: string
  title: string
  /** Cards of the deck reviewed at least once. */
  seen: number
  cards: number
  /** 0–1, the mean retrievability now of the cards seen; null when none is. */
  averageRecall: number | null
}

export function recallByDeck(
  decks: readonly { id: string; title: string }[],
  cards: readonly { id: string; deckId?: string }[],
  overviews: readonly CardOverview[],
): DeckRecall[] {
  const overviewById = new Map(overviews.map((card) => [card.cardId, card]))
  const cardsByDeck = new Map<string, string[]>()
  for (const card of cards) {
    if (card.deckId === undefined) continue
    const ids = cardsByDeck.get(card.deckId) ?? []
    ids.push(card.id)
    cardsByDeck.set(card.deckId, ids)
  }
  return decks.flatMap((deck) => {
    const ids = cardsByDeck.get(deck.id) ?? []
    if (ids.length === 0) return []
    const recalls = ids
      .map((id) => overviewById.get(id)?.retrievability ?? null)
      .filter((recall): recall is number => recall !== null)
    const averageRecall =
      recalls.length === 0 ? null : recalls.reduce((sum, recall) => sum + recall, 0) / recalls.length
    return [{ deckId: deck.id, title: deck.title, seen: recalls.length, cards: ids.length, averageRecall }]
  })
}
