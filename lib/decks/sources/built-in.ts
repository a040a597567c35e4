// The built-in topic decks: the content/cards files, the same for every learner, one deck
// per `deck:` (titles and teaching order in lib/content/decks.ts). Two sources over them, so
// the composition root can seat the timeline drills right after the idempotency deck they
// drill: `idempotencyDeckSource` (that deck alone) and `topicDecksSource` (every other deck).
import { allCards } from '@/lib/content/cards'
import { BUILT_IN_DECKS } from '@/lib/content/decks'
import type { Card } from '@/lib/content/schema'
import { suggestRecallRating } from '@/lib/srs/rubric'
import type { DeckInfo, DeckSource, ReviewCard } from '../types'

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

/** The built-in decks that hold at least one card, in teaching order. */
export function builtInDecks(): DeckInfo[] {
  const withCards = new Set(builtIn().cards.map((card) => card.deckId))
  return BUILT_IN_DECKS.filter((deck) => withCards.has(deck.id)).map((deck) => ({
    id: deck.id,
    title: deck.title,
    kind: 'built-in' as const,
  }))
}

/** A source over the built-in decks `holds` picks (cards in teaching order). */
function builtInSourceOf(holds: (deckId: string) => boolean): DeckSource {
  let mine: { cards: ReviewCard[]; decks: DeckInfo[] } | undefined
  const own = () => {
    mine ??= {
      cards: builtIn().cards.filter((card) => holds(card.deckId)),
      decks: builtInDecks().filter((deck) => holds(deck.id)),
    }
    return mine
  }
  return {
    info: () => own().decks,
    cards: () => own().cards,
    cardById: (_db, _learnerId, cardId) => {
      const card = builtIn().byId.get(cardId)
      return card && holds(card.deckId) ? card : undefined
    },
    suggestRating: suggestRecallRating,
  }
}

export const idempotencyDeckSource = builtInSourceOf((deckId) => deckId === BUILT_IN_DECK_ID)
export const topicDecksSource = builtInSourceOf((deckId) => deckId !== BUILT_IN_DECK_ID)
/** Every built-in deck as one source (tests and tools that need no drills between them). */
export const builtInDeckSource = builtInSourceOf(() => true)
