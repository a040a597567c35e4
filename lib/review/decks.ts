// The decks the review loop studies, in deck order: the idempotency deck, the timeline
// drills (they drill that deck's engine), the other built-in topic decks in teaching order
// (lib/content/decks.ts), then the learner's own decks by name. The one place that knows the drills
// are a deck; a new source is one import and one entry here.

import type { Db } from '@/db/sql/db'
import {
  type DeckInfo,
  type DeckRegistry,
  deckRegistry,
  idempotencyDeckSource,
  ownDeckSource,
  topicDecksSource,
} from '@/lib/decks'
import { drillsDeckSource } from '@/lib/drills/deck-source'

const registry = deckRegistry([idempotencyDeckSource, drillsDeckSource, topicDecksSource, ownDeckSource])

/**
 * The deck registry, once every source is warm (the drills build their cards from
 * engine runs, once per process): the only way to reach it, so no caller can list or
 * grade cards before the drills deck has them.
 */
export async function studyDecks(): Promise<DeckRegistry> {
  await registry.ready()
  return registry
}

/** Every deck this learner has, with its switch: deck titles need no warm-up (forms, settings). */
export function decksFor(db: Db, learnerId: string): Promise<(DeckInfo & { enabled: boolean })[]> {
  return registry.decksFor(db, learnerId)
}

/** The names of the learner's own decks, in deck order: where the card form offers to put a card. */
export async function ownDeckNames(db: Db, learnerId: string): Promise<string[]> {
  return (await decksFor(db, learnerId)).filter((deck) => deck.kind === 'own').map((deck) => deck.title)
}
