// Renders an Anki card's question and answer from its note type's templates, with
// Anki's rules (rslib/src/template.rs, template_filters.rs; the manual's "Card
// Templates" and "Checks and errors" pages):
// - a field is empty when it holds only whitespace and empty <br>/<div> tags;
//   `{{#F}}` shows its part when F is not empty, `{{^F}}` when it is;
// - a field or section naming no field of the note is an error ("no field called");
// - the question is blank unless it shows a non-empty field (the card's own
//   special fields count: Card, Type and Deck are never empty);
// - `{{FrontSide}}` on the answer is the rendered question;
// - filters: `text` (HTML dropped), `cloze` (deletion N hidden on the question, shown
//   on the answer; nothing when the text has no deletion N), `hint` (folded away),
//   `type` (the question shows no input here, the answer the field itself); `tts …`,
//   `furigana` and any other filter leave the field as it is.
// The output is template HTML; the import sends it through the one sanitizer.
import { htmlToText } from '@/lib/content/markdown'
import { clozeAnswer, clozeNumbersOf, clozeQuestion } from './cloze'
import { parseTemplate, type TemplateNode } from './template-syntax'

/** A note's values by name: its fields and the card's special fields (Tags, Deck, Card, …). */
export type TemplateFields = ReadonlyMap<string, string>

export type RenderedCard =
  | { kind: 'card'; question: string; answer: string }
  | { kind: 'broken'; side: 'front' | 'back'; problem: string }
  | { kind: 'blank' }

export function fieldIsEmpty(html: string): boolean {
  return /^(?:\s|<\/?(?:br|div) ?\/?>)*$/i.test(html)
}

class TemplateError extends Error {}

interface Side {
  fields: TemplateFields
  nonEmpty: ReadonlySet<string>
  /** Card number (template ord + 1): the cloze deletion this card asks. */
  n: number
  /** The rendered question while rendering the answer; null on the question itself. */
  frontSide: string | null
}

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

function applyFilter(filter: string, text: string, key: string, side: Side): string {
  switch (filter) {
    case 'text':
      return escapeText(htmlToText(text))
    case 'cloze':
      if (!clozeNumbersOf(text).includes(side.n)) return ''
      return side.frontSide === null ? clozeQuestion(text, side.n) : clozeAnswer(text, side.n)
    case 'hint':
      return text.trim() === '' ? text : `<details><summary>${escapeText(key)}</summary>${text}</details>`
    default:
      // `tts en_US:`, `furigana:`, `kana:`, an empty filter (`a::F`), add-ons' own: the field as it is.
      return text
  }
}

function fieldValue(node: Extract<TemplateNode, { kind: 'field' }>, side: Side): string {
  const { key, filters } = node
  if (key === 'FrontSide') return side.frontSide ?? ''
  if (key === '' && filters.length > 0) return ''
  const value = side.fields.get(key)
  if (value === undefined) {
    const written = [...filters].reverse().map((filter) => `${filter}:`)
    throw new TemplateError(`Found {{${written.join('')}${key}}}, but there is no field called '${key}'.`)
  }
  // Anki: a `type:` outermost makes the whole reference a typing box.
  if (filters.at(-1) === 'type') {
    // `type:cloze:` and `type:nc:` compare a cloze's deletions: the cloze itself shows them.
    const clozeTyping = filters.length === 2 && (filters[0] === 'cloze' || filters[0] === 'nc')
    return side.frontSide === null || clozeTyping ? '' : value
  }
  return filters.reduce((text, filter) => applyFilter(filter, text, key, side), value)
}

function sectionShows(node: Extract<TemplateNode, { kind: 'section' }>, side: Side): boolean {
  if (side.nonEmpty.has(node.key)) return !node.negated
  if (side.fields.has(node.key) || /^c\d+$/.test(node.key)) return node.negated
  throw new TemplateError(
    `Found {{${node.negated ? '^' : '#'}${node.key}}}, but there is no field called '${node.key}'.`,
  )
}

function renderNodes(nodes: readonly TemplateNode[], side: Side): string {
  let html = ''
  for (const node of nodes) {
    if (node.kind === 'text') html += node.text
    else if (node.kind === 'field') html += fieldValue(node, side)
    else {
      // A hidden section is still checked for errors, as Anki does.
      const inner = renderNodes(node.children, side)
      if (sectionShows(node, side)) html += inner
    }
  }
  return html
}

/** Anki's "is the front blank": does some non-empty field show, sections taken as the fields decide. */
function showsAField(nodes: readonly TemplateNode[], nonEmpty: ReadonlySet<string>): boolean {
  return nodes.some((node) => {
    if (node.kind === 'text') return false
    if (node.kind === 'field') return nonEmpty.has(node.key)
    if (nonEmpty.has(node.key) === node.negated) return false
    return showsAField(node.children, nonEmpty)
  })
}

function nonEmptyOf(fields: TemplateFields): Set<string> {
  return new Set([...fields].filter(([, value]) => !fieldIsEmpty(value)).map(([name]) => name))
}

function renderSide(
  source: string,
  side: Side,
): { ok: true; html: string; nodes: TemplateNode[] } | { ok: false; problem: string } {
  const parsed = parseTemplate(source)
  if (!parsed.ok) return parsed
  try {
    return { ok: true, html: renderNodes(parsed.nodes, side), nodes: parsed.nodes }
  } catch (error) {
    if (error instanceof TemplateError) return { ok: false, problem: error.message }
    throw error
  }
}

/** Card `ord` of a note: its question and answer as Anki renders them, or why Anki cannot. */
export function renderAnkiCard(
  { qfmt, afmt }: { qfmt: string; afmt: string },
  fields: TemplateFields,
  ord: number,
): RenderedCard {
  const nonEmpty = nonEmptyOf(fields)
  const base = { fields, nonEmpty, n: ord + 1 }
  const question = renderSide(qfmt, { ...base, frontSide: null })
  if (!question.ok) return { kind: 'broken', side: 'front', problem: question.problem }
  if (!showsAField(question.nodes, nonEmpty)) return { kind: 'blank' }
  const answer = renderSide(afmt, { ...base, frontSide: question.html })
  if (!answer.ok) return { kind: 'broken', side: 'back', problem: answer.problem }
  return { kind: 'card', question: question.html, answer: answer.html }
}
