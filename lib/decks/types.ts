// Decks: what the review loop studies. The built-in deck comes from content/,
// learners' own decks from the database, and other areas offer sources of their own
// (the drills, from engine traces). Every deck source yields the same ReviewCard, so
// /review, stats, undo and the study-state transfer never ask where a card came from;
// what does vary by kind of card (the suggested rating) the source passes in.
import type { Db } from '@/db/sql/db'
import type { PointRubric } from '@/lib/grading'
import type { SuggestRating } from '@/lib/srs/rubric'
import type { StudyCard } from '@/lib/srs/study-card'

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
  /** What the grader listens for beyond the cues (built-in cards, from content/cards; lib/grading). */
  rubric?: PointRubric
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
  /** 'html' for cards imported from Anki: prompt and answer are HTML (render with cardTextToHtml). */
  format?: 'markdown' | 'html'
  /** Suspended (in Anki): kept with its history, left out of the review queue. */
  suspended?: boolean
}

/** A source's answer: built-in and drill cards are at hand, a learner's own come from the database. */
export type MaybeAsync<T> = T | Promise<T>

export interface DeckSource {
  /** The deck(s) this source provides, in deck order. */
  info: DeckInfo | ((db: Db, learnerId: string) => MaybeAsync<DeckInfo[]>)
  /** Every card of this source for this learner, in deck order. */
  cards(db: Db, learnerId: string): MaybeAsync<ReviewCard[]>
  /** Optional fast path for one card (grading resolves one card per review). */
  cardById?(db: Db, learnerId: string, cardId: string): MaybeAsync<ReviewCard | undefined>
  /** The rating this source's cards suggest from the points ticked (stored with each review). */
  suggestRating: SuggestRating
  /**
   * Optional async set-up before `cards` may be called (the drills build theirs from
   * engine runs, once per process). The registry's `ready()` awaits every source's.
   */
  warm?(): Promise<void>
  /** Optional fast path for lists that need no content (the interview plan): ids, decks, titles. */
  titles?(db: Db, learnerId: string): MaybeAsync<DeckCardTitle[]>
  /** Optional fast path for reads of every card's title and points but no content (the stats). */
  cardPoints?(db: Db, learnerId: string): MaybeAsync<DeckCardPoints[]>
}

export type DeckCardTitle = Pick<ReviewCard, 'id' | 'deckId' | 'title' | 'suspended'>
export type DeckCardPoints = Pick<ReviewCard, 'id' | 'deckId' | 'title' | 'points'>

export const OWN_DECK_PREFIX = 'own:'

export function ownDeckId(deckSlug: string): DeckId {
  return `${OWN_DECK_PREFIX}${deckSlug}`
}
