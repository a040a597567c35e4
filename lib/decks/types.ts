// Decks: what the review loop studies. Built-in decks come from content/ (and the
// drills deck from engine traces); learners' own decks from the database. Every
// deck source yields the same ReviewCard, so /review, stats, undo and the
// study-state transfer never ask where a card came from.
import type { Sqlite } from '@/db/open'
import type { StudyCard } from '@/lib/srs/review'

/** `idempotency` (content/cards' `deck`), `timeline-drills`, or `own:<slug>` for a learner's own deck. */
export type DeckId = string

export interface DeckInfo {
  id: DeckId
  title: string
  kind: 'built-in' | 'drills' | 'own'
}

export interface ReviewPoint {
  id: string
  text: string
  critical: boolean
  /** Phrases that pre-tick the point from a transcript or typed answer (recall cards). */
  cues?: readonly string[]
}

export interface ReviewCard extends StudyCard {
  deckId: DeckId
  title: string
  prompt: string
  /** Markdown; may be empty. Render only through lib/content/markdown (it sanitizes). */
  answerMarkdown: string
  kind: 'recall' | 'drill'
  points: readonly ReviewPoint[]
  /** Optional answer length to aim for, in minutes (the recorder's timer shows it). */
  answerTargetMinutes?: number
}

export interface DeckSource {
  /** The deck(s) this source provides, in deck order. */
  info: DeckInfo | ((sqlite: Sqlite, learnerId: string) => DeckInfo[])
  /** Every card of this source for this learner, in deck order. */
  cards(sqlite: Sqlite, learnerId: string): ReviewCard[]
  /** Optional fast path for one card (grading resolves one card per review). */
  cardById?(sqlite: Sqlite, learnerId: string, cardId: string): ReviewCard | undefined
  /** Optional fast path for lists that need no content (the interview plan): ids, decks, titles. */
  titles?(sqlite: Sqlite, learnerId: string): DeckCardTitle[]
}

export type DeckCardTitle = Pick<ReviewCard, 'id' | 'deckId' | 'title'>

export const OWN_DECK_PREFIX = 'own:'

export function ownDeckId(deckSlug: string): DeckId {
  return `${OWN_DECK_PREFIX}${deckSlug}`
}
