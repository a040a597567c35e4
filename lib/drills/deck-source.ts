// The "Timeline drills" deck the drills offer the review loop: one card per canonical
// scenario's drill, warmed by engine runs, and the drill rule for the suggested rating.
// lib/review wires it into the deck registry (lib/decks never imports the drills).
import type { DeckSource } from '@/lib/decks'
import { DRILLS_DECK_ID, DRILLS_DECK_TITLE, drillCardsIfWarm, warmDrillCards } from './cards'
import { suggestDrillRating } from './rating'

export const drillsDeckSource: DeckSource = {
  info: { id: DRILLS_DECK_ID, title: DRILLS_DECK_TITLE, kind: 'drills' },
  cards: () => drillCardsIfWarm(),
  cardById: (_db, _learnerId, cardId) => drillCardsIfWarm().find((card) => card.id === cardId),
  // A drill card's points are its question slots; ticked = answered right.
  suggestRating: (card, tickedIds) => suggestDrillRating(card.points.length, tickedIds.size),
  warm: async () => {
    await warmDrillCards()
  },
}
