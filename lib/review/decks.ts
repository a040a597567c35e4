// The decks the review loop studies, in deck order: the idempotency deck, the timeline
// drills (they drill that deck's engine), the other built-in topic decks in teaching order
// (lib/content/decks.ts), then the learner's own decks by name. The one place that knows the drills
// are a deck; a new source is one import and one entry here.

import type { Db } from '@/db/sql/db'
import {
  type DeckInfo,
  type DeckRegistry,
  type DeckSource,
  deckRegistry,
  disabledDecksOf,
  idempotencyDeckSource,
  ownDeckSource,
  type ReviewCard,
  topicDecksSource,
} from '@/lib/decks'
import { drillsDeckSource } from '@/lib/drills/deck-source'
import { type StudyDeck, studyDeckOf } from './study-deck'

/** The sources whose cards are few and held in memory; the own decks come after them in deck order. */
const AT_HAND: readonly DeckSource[] = [idempotencyDeckSource, drillsDeckSource, topicDecksSource]
const registry = deckRegistry([...AT_HAND, ownDeckSource])

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

/**
 * The review queue's deck for this learner without reading every own card (lib/review/study-deck.ts):
 * the in-memory sources' cards of the decks that are on, and the own cards read as the queue needs them.
 */
export async function studyDeckFor(db: Db, learnerId: string): Promise<StudyDeck> {
  await registry.ready()
  const disabled = await disabledDecksOf(db, learnerId)
  const atHand: ReviewCard[] = []
  for (const source of AT_HAND)
    for (const card of await source.cards(db, learnerId))
      if (!card.suspended && !disabled.has(card.deckId)) atHand.push(card)
  return studyDeckOf(db, learnerId, atHand, disabled)
}
