// A card of a note type the learner made: its template rendered the way Anki renders
// it (template-render.ts), special fields and all. A card Anki itself cannot show —
// a template with broken syntax, a blank front — still arrives: its fields plainly,
// with a one-line note saying why (Anki shows such a card with an error, it keeps it).
import type { AnkiCard, AnkiNote, AnkiNoteType } from './model'
import { renderAnkiCard } from './template-render'

export interface CustomSides {
  prompt: string
  answer: string
  /** Set when the card is shown plainly: why, in one line. */
  notice: string | null
}

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

const isBlank = (html: string) =>
  html
    .replace(/<(?!img\b)[^>]*>/gi, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === ''

/** Anki's special fields for this card (they win over a note field of the same name, as in Anki). */
function templateFields(
  type: AnkiNoteType,
  note: AnkiNote,
  card: AnkiCard | null,
  ord: number,
  ankiDeck: string,
): Map<string, string> {
  const fields = new Map(type.fields.map((name, index) => [name, note.fields[index] ?? '']))
  fields.set('Tags', note.tags.trim())
  fields.set('Type', type.name)
  fields.set('Deck', ankiDeck)
  fields.set('Subdeck', ankiDeck.split('::').at(-1) ?? ankiDeck)
  fields.set('Card', type.templates[ord]?.name ?? `Card ${ord + 1}`)
  fields.set('CardFlag', '')
  fields.set('CardID', card ? String(card.id) : '')
  return fields
}

/** The fields as they are: the first non-empty one asks, the others (named) answer. */
export function plainSides(type: AnkiNoteType, note: AnkiNote, notice: string): CustomSides {
  const present = type.fields
    .map((name, index) => ({ name, value: note.fields[index] ?? '' }))
    .filter(({ value }) => !isBlank(value))
  const [first, ...rest] = present
  return {
    prompt: first?.value ?? '',
    answer: rest.map(({ name, value }) => `<h4>${escapeText(name)}</h4><div>${value}</div>`).join('\n'),
    notice,
  }
}

export function customCardSides(
  type: AnkiNoteType,
  note: AnkiNote,
  card: AnkiCard | null,
  ord: number,
  ankiDeck: string,
): CustomSides {
  const template = type.templates[ord]
  if (!template)
    return plainSides(type, note, `Shown plainly: its note type has no template for card ${ord + 1}.`)
  const rendered = renderAnkiCard(template, templateFields(type, note, card, ord, ankiDeck), ord)
  const where = `"${template.name}"`
  if (rendered.kind === 'broken')
    return plainSides(
      type,
      note,
      `Shown plainly: the ${rendered.side} template of ${where} has a problem in Anki too — ${rendered.problem}`,
    )
  if (rendered.kind === 'blank' || isBlank(rendered.question))
    return plainSides(type, note, `Shown plainly: the front of this card (${where}) is blank in Anki.`)
  return { prompt: rendered.question, answer: rendered.answer, notice: null }
}
