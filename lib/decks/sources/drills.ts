// The "Timeline drills" deck: one card per canonical scenario's drill (lib/drills).
import { DRILLS_DECK_ID, DRILLS_DECK_TITLE, drillCardsIfWarm } from '@/lib/drills/cards'
import type { DeckSource } from '../types'

export const drillsDeckSource: DeckSource = {
  info: { id: DRILLS_DECK_ID, title: DRILLS_DECK_TITLE, kind: 'drills' },
  cards: () => drillCardsIfWarm(),
  cardById: (_sqlite, _learnerId, cardId) => drillCardsIfWarm().find((card) => card.id === cardId),
}
