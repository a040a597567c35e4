// An Anki note → the Drill cards it becomes (issue 26, issue 38):
// - Basic, Basic (and reversed card), optional reversed, type in the answer: one
//   card per Anki card, the prompt the fields its template's question shows, the
//   answer the fields its answer adds;
// - Cloze: one card per cloze number, the prompt with that deletion hidden, the
//   answer the full text (and Back Extra);
// - any other note type: one card per Anki card, each template rendered as Anki
//   renders it (custom-card.ts); from a text export, which holds no templates, one
//   card: the first field as the prompt, every other field as the answer.
// The HTML here is the raw field content; the import sanitizes it.
import { clozeAnswer, clozeNumbersOf, clozeQuestion } from './cloze'
import { customCardSides, plainSides } from './custom-card'
import type { AnkiCard, AnkiNote, AnkiNoteType } from './model'
import { NEW_CARD_TYPE, SUSPENDED_QUEUE } from './model'
import { clozeFieldsOf, requiredFieldsOf, shownFieldsOf } from './templates'

export interface CardDraft {
  guid: string
  /** Template number, or cloze number - 1: with the guid, the card's identity. */
  ord: number
  noteId: number
  /** A Basic note's only card: exporting it reuses the note's guid. */
  onlyCardOfNote: boolean
  deckName: string
  promptHtml: string
  /** A card shown plainly (its template broken, its front blank in Anki): why, in one line. */
  notice: string | null
  answerHtml: string
  /** The Anki card whose review log this card inherits (none for a text export). */
  ankiCardId: number | null
  /** Null when the file does not say (a text export): the card keeps what it had. */
  suspended: boolean | null
  isNew: boolean
  /** Told apart in the title: "(cloze 2)", "(reverse)", a custom template's name. */
  variant: string
}

export type NoteOutcome = { drafts: CardDraft[]; skipped: string | null }

function fieldMap(note: AnkiNote, type: AnkiNoteType): Map<string, string> {
  return new Map(type.fields.map((name, index) => [name, note.fields[index] ?? '']))
}

const isBlank = (html: string) =>
  html
    .replace(/<(?!img\b)[^>]*>/gi, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === ''

function joinFields(values: Map<string, string>, names: string[], { headed }: { headed: boolean }): string {
  const present = names.filter((name) => !isBlank(values.get(name) ?? ''))
  if (present.length === 1 && !headed) return values.get(present[0] as string) ?? ''
  return present
    .map((name) => `${headed ? `<h4>${escapeText(name)}</h4>` : ''}<div>${values.get(name) ?? ''}</div>`)
    .join('\n')
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

/** Anki's rule for a standard note: a card exists when its question shows something. */
function templateMakesCard(values: Map<string, string>, qfmt: string): boolean {
  if (requiredFieldsOf(qfmt).some((name) => isBlank(values.get(name) ?? ''))) return false
  return shownFieldsOf(qfmt).some((name) => !isBlank(values.get(name) ?? ''))
}

interface CardSlot {
  ord: number
  card: AnkiCard | null
}

/** The note's cards from the collection, or (text export) the ones Anki would make. */
function slotsOf(
  type: AnkiNoteType,
  values: Map<string, string>,
  cards: readonly AnkiCard[] | null,
): CardSlot[] {
  if (cards) return cards.map((card) => ({ ord: card.ord, card }))
  if (type.cloze) {
    const text = clozeFieldsOf(type.templates[0]?.qfmt ?? '').map((name) => values.get(name) ?? '')
    return clozeNumbersOf(text.join('\n')).map((n) => ({ ord: n - 1, card: null }))
  }
  return type.templates.flatMap((template, ord) =>
    templateMakesCard(values, template.qfmt) ? [{ ord, card: null }] : [],
  )
}

export function draftsOfNote(
  note: AnkiNote,
  type: AnkiNoteType | undefined,
  cards: readonly AnkiCard[] | null,
  deckOf: (card: AnkiCard | null) => { drill: string; anki: string },
): NoteOutcome {
  if (!type) return { drafts: [], skipped: 'its note type is missing from the collection' }
  const values = fieldMap(note, type)
  let slots = slotsOf(type, values, cards)
  if (slots.length === 0) return { drafts: [], skipped: 'the note has no cards' }
  const custom = !type.cloze && type.stock === null
  // A text export holds no templates: a note type of the learner's own making is one card there.
  const plainCustom = custom && cards === null
  if (plainCustom) slots = [slots.reduce((first, slot) => (slot.ord < first.ord ? slot : first))]
  const drafts: CardDraft[] = []
  const reasons = new Set<string>()
  for (const slot of slots) {
    const deck = deckOf(slot.card)
    const made = type.cloze
      ? clozeSides(type, values, slot.ord)
      : plainCustom
        ? customSides(type, values)
        : custom
          ? customCardSides(type, note, slot.card, slot.ord, deck.anki)
          : standardSides(type, values, slot.ord)
    // A card the collection holds is kept even when Anki would show its front empty (Anki keeps
    // it, and its reviews): its fields plainly, with the reason. A text export's would-be card is not.
    const sides = typeof made === 'string' && slot.card ? plainCard(type, note, made) : made
    if (typeof sides === 'string') {
      reasons.add(sides)
      continue
    }
    drafts.push({
      guid: note.guid,
      ord: slot.ord,
      noteId: note.id,
      onlyCardOfNote: type.stock === 'basic' && slots.length === 1,
      deckName: deck.drill,
      promptHtml: sides.prompt,
      notice: sides.notice ?? null,
      answerHtml: sides.answer,
      ankiCardId: slot.card?.id ?? null,
      suspended: slot.card ? slot.card.queue === SUSPENDED_QUEUE : null,
      isNew: slot.card ? slot.card.type === NEW_CARD_TYPE : true,
      variant: variantOf(type, slot.ord, slots.length, plainCustom),
    })
  }
  return { drafts, skipped: drafts.length === 0 ? ([...reasons][0] ?? 'no card could be made') : null }
}

function variantOf(type: AnkiNoteType, ord: number, slotCount: number, plainCustom: boolean): string {
  if (type.cloze) return slotCount > 1 ? ` (cloze ${ord + 1})` : ''
  if (type.stock === null && !plainCustom)
    return type.templates.length > 1 ? ` (${type.templates[ord]?.name || `card ${ord + 1}`})` : ''
  return ord > 0 ? ' (reverse)' : ''
}

/** A card Anki would show with an empty front: its fields (deletions shown) and a one-line note why. */
function plainCard(type: AnkiNoteType, note: AnkiNote, reason: string): Sides {
  const shown = type.cloze ? { ...note, fields: note.fields.map((field) => clozeAnswer(field, 0)) } : note
  return plainSides(type, shown, `Shown plainly: Anki shows the front of this card empty (${reason}).`)
}

type Sides = { prompt: string; answer: string; notice?: string | null } | string

function withPrompt(prompt: string, answer: string): Sides {
  return isBlank(prompt) ? 'its prompt is empty' : { prompt, answer }
}

function standardSides(type: AnkiNoteType, values: Map<string, string>, ord: number): Sides {
  const template = type.templates[ord]
  if (!template) return `its note type "${type.name}" has no template for card ${ord + 1}`
  const promptFields = shownFieldsOf(template.qfmt)
  const answerFields = shownFieldsOf(template.afmt, { typed: true }).filter(
    (name) => !promptFields.includes(name),
  )
  return withPrompt(
    joinFields(values, promptFields, { headed: false }),
    joinFields(values, answerFields, { headed: false }),
  )
}

function customSides(type: AnkiNoteType, values: Map<string, string>): Sides {
  const shown = shownFieldsOf(type.templates[0]?.qfmt ?? '').filter((name) => values.has(name))
  const promptFields = shown.length > 0 ? shown : type.fields.slice(0, 1)
  const rest = type.fields.filter((name) => !promptFields.includes(name))
  return withPrompt(
    joinFields(values, promptFields, { headed: false }),
    joinFields(values, rest, { headed: rest.length > 1 }),
  )
}

function clozeSides(type: AnkiNoteType, values: Map<string, string>, ord: number): Sides {
  const template = type.templates[0]
  const clozeFields = clozeFieldsOf(template?.qfmt ?? '')
  const textFields = clozeFields.length > 0 ? clozeFields : type.fields.slice(0, 1)
  const text = textFields.map((name) => values.get(name) ?? '').join('<br>')
  const n = ord + 1
  if (!clozeNumbersOf(text).includes(n))
    return clozeNumbersOf(text).length === 0
      ? 'it is a cloze note without cloze deletions'
      : `it has no cloze deletion c${n} for its card ${n}`
  const extraFields = shownFieldsOf(template?.afmt ?? '').filter(
    (name) => !textFields.includes(name) && !shownFieldsOf(template?.qfmt ?? '').includes(name),
  )
  const extra = joinFields(values, extraFields, { headed: false })
  return withPrompt(
    clozeQuestion(text, n),
    [clozeAnswer(text, n), extra].filter((part) => part !== '').join('\n<hr>\n'),
  )
}
