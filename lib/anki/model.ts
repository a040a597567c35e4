// What Drill reads out of an Anki collection or text export, whichever format it
// came in: note types, decks, notes, their cards and the review log. Plain data.

/** Anki's stock note types, by what their cards are (names differ by language; the kind does not). */
export type StockKind = 'basic' | 'basic-reversed' | 'basic-optional-reversed' | 'basic-typing' | 'cloze'

export interface AnkiTemplate {
  name: string
  /** The question format, e.g. `{{Front}}`. */
  qfmt: string
  /** The answer format, e.g. `{{FrontSide}}<hr id=answer>{{Back}}`. */
  afmt: string
}

export interface AnkiNoteType {
  id: number
  name: string
  cloze: boolean
  /** Null for a note type the learner made (or renamed beyond recognition). */
  stock: StockKind | null
  /** Field names in field order. */
  fields: string[]
  templates: AnkiTemplate[]
}

export interface AnkiNote {
  id: number
  guid: string
  noteTypeId: number
  /** Field contents (HTML), in the note type's field order. */
  fields: string[]
  /** The notes.data column: empty in Anki; Drill's own exports keep the card there. */
  data: string
  /** The note's tags, space-separated as Anki stores them ('' when the file does not say). */
  tags: string
}

/** Anki's cards.type: 0 new, 1 learning, 2 review, 3 relearning; queue -1 is suspended. */
export interface AnkiCard {
  id: number
  noteId: number
  /** The card's home deck (its original deck while it sits in a filtered deck). */
  deckId: number
  ord: number
  type: number
  queue: number
}

/** One revlog row. `id` is the review's time in ms; type 0 learn, 1 review, 2 relearn, 3 filtered, 4 manual, 5 rescheduled. */
export interface AnkiReview {
  id: number
  cardId: number
  ease: number
  durationMs: number
  type: number
}

/** Some of a collection's notes with all of their cards and reviews: what an import plans and writes at once. */
export interface AnkiNoteChunk {
  notes: AnkiNote[]
  /** Null for a text export: its cards are generated from the note types, as Anki does. */
  cards: AnkiCard[] | null
  reviews: AnkiReview[]
}

/** A collection but its notes, cards and reviews, which are read a chunk at a time. */
export type AnkiCollectionInfo = Omit<AnkiCollection, 'notes' | 'cards' | 'reviews'>

export interface AnkiCollection {
  noteTypes: Map<number, AnkiNoteType>
  /** Deck id → name, subdecks as `Parent::Child`. */
  decks: Map<number, string>
  notes: AnkiNote[]
  /** Null for a text export: its cards are generated from the note types, as Anki does. */
  cards: AnkiCard[] | null
  reviews: AnkiReview[]
  /** Media file name → its entry in the package's zip. */
  media: Map<string, string>
  /** Text exports only: each note's deck (a collection says it per card). */
  deckOfNote?: Map<number, number>
}

export const SUSPENDED_QUEUE = -1
export const NEW_CARD_TYPE = 0
