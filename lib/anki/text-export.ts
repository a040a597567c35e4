// Anki's text export ("Notes in Plain Text", .txt): `#key:value` header lines,
// then one note a row, fields split by the separator, CSV quoting ("a ""b""").
// Headers Anki writes: separator, html, tags, columns, notetype, deck,
// notetype column, deck column, tags column, guid column. Any other header is
// refused: it means a file we would misread.
import { createHash } from 'node:crypto'
import { refuserFor } from './errors'
import { ANKI_LIMITS, type AnkiLimits } from './limits'
import type { AnkiCollection, AnkiNote, AnkiNoteType, StockKind } from './model'
import { stockKindOf } from './stock'

const SEPARATORS: Record<string, string> = {
  comma: ',',
  semicolon: ';',
  tab: '\t',
  space: ' ',
  pipe: '|',
  colon: ':',
}

const KNOWN_HEADERS = new Set([
  'separator',
  'html',
  'tags',
  'columns',
  'notetype',
  'deck',
  'notetype column',
  'deck column',
  'tags column',
  'guid column',
])

interface Header {
  separator: string
  html: boolean
  noteTypeName: string | null
  deckName: string | null
  noteTypeColumn: number | null
  deckColumn: number | null
  tagsColumn: number | null
  guidColumn: number | null
}

/** CSV rows with a given separator; quotes may hold separators, newlines and "" for a quote. */
function parseRows(text: string, separator: string): { row: string[]; line: number }[] {
  const rows: { row: string[]; line: number }[] = []
  let field = ''
  let row: string[] = []
  let quoted = false
  let line = 1
  let rowLine = 1
  let atFieldStart = true
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') quoted = false
      else {
        if (ch === '\n') line++
        field += ch
      }
      continue
    }
    if (ch === '"' && atFieldStart) {
      quoted = true
      atFieldStart = false
    } else if (ch === separator) {
      row.push(field)
      field = ''
      atFieldStart = true
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      if (row.some((value) => value !== '')) rows.push({ row, line: rowLine })
      row = []
      field = ''
      atFieldStart = true
      line++
      rowLine = line
    } else {
      field += ch
      atFieldStart = false
    }
  }
  row.push(field)
  if (row.some((value) => value !== '')) rows.push({ row, line: rowLine })
  return rows
}

function readHeader(
  lines: string[],
  refuse: ReturnType<typeof refuserFor>,
): { header: Header; bodyStart: number } {
  const header: Header = {
    separator: '\t',
    html: false,
    noteTypeName: null,
    deckName: null,
    noteTypeColumn: null,
    deckColumn: null,
    tagsColumn: null,
    guidColumn: null,
  }
  let index = 0
  for (; index < lines.length; index++) {
    const line = lines[index] as string
    if (!line.startsWith('#')) break
    const colon = line.indexOf(':')
    const key = (colon < 0 ? line.slice(1) : line.slice(1, colon)).trim().toLowerCase()
    const value = colon < 0 ? '' : line.slice(colon + 1).trim()
    if (!KNOWN_HEADERS.has(key))
      throw refuse.invalid(`unknown header "${line.slice(0, 60)}" on line ${index + 1}`)
    const column = () => {
      const n = Number(value)
      if (!Number.isInteger(n) || n < 1)
        throw refuse.invalid(`header "#${key}" wants a column number, not "${value}"`)
      return n - 1
    }
    if (key === 'separator') {
      const separator = SEPARATORS[value.toLowerCase()] ?? (value.length === 1 ? value : null)
      if (!separator) throw refuse.invalid(`unknown separator "${value}"`)
      header.separator = separator
    } else if (key === 'html') header.html = value.toLowerCase() === 'true'
    else if (key === 'notetype') header.noteTypeName = value
    else if (key === 'deck') header.deckName = value
    else if (key === 'notetype column') header.noteTypeColumn = column()
    else if (key === 'deck column') header.deckColumn = column()
    else if (key === 'tags column') header.tagsColumn = column()
    else if (key === 'guid column') header.guidColumn = column()
  }
  return { header, bodyStart: index }
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('\n', '<br>')
}

/** A stable guid for a row without one: the same row imports as the same note. */
function derivedGuid(noteTypeName: string, firstField: string): string {
  return createHash('sha256').update(`${noteTypeName}\x1f${firstField}`).digest('base64url').slice(0, 12)
}

const STOCK_TEMPLATES: Record<StockKind, { fields: string[]; templates: { qfmt: string; afmt: string }[] }> =
  {
    basic: {
      fields: ['Front', 'Back'],
      templates: [{ qfmt: '{{Front}}', afmt: '{{FrontSide}}<hr id=answer>{{Back}}' }],
    },
    'basic-typing': {
      fields: ['Front', 'Back'],
      templates: [{ qfmt: '{{Front}}{{type:Back}}', afmt: '{{Front}}<hr id=answer>{{type:Back}}' }],
    },
    'basic-reversed': {
      fields: ['Front', 'Back'],
      templates: [
        { qfmt: '{{Front}}', afmt: '{{FrontSide}}<hr id=answer>{{Back}}' },
        { qfmt: '{{Back}}', afmt: '{{FrontSide}}<hr id=answer>{{Front}}' },
      ],
    },
    'basic-optional-reversed': {
      fields: ['Front', 'Back', 'Add Reverse'],
      templates: [
        { qfmt: '{{Front}}', afmt: '{{FrontSide}}<hr id=answer>{{Back}}' },
        { qfmt: '{{#Add Reverse}}{{Back}}{{/Add Reverse}}', afmt: '{{FrontSide}}<hr id=answer>{{Front}}' },
      ],
    },
    cloze: {
      fields: ['Text', 'Back Extra'],
      templates: [{ qfmt: '{{cloze:Text}}', afmt: '{{cloze:Text}}<br>{{Back Extra}}' }],
    },
  }

function noteTypeNamed(name: string, id: number, fieldCount: number): AnkiNoteType {
  const stock = stockKindOf({ name, cloze: /^cloze\b/i.test(name.trim()) })
  const known = stock ? STOCK_TEMPLATES[stock] : null
  const fields = known
    ? [
        ...known.fields,
        ...Array.from(
          { length: Math.max(0, fieldCount - known.fields.length) },
          (_, i) => `Field ${known.fields.length + i + 1}`,
        ),
      ]
    : Array.from({ length: fieldCount }, (_, i) => `Field ${i + 1}`)
  return {
    id,
    name,
    cloze: stock === 'cloze',
    stock,
    fields,
    templates: (known?.templates ?? [{ qfmt: '{{Field 1}}', afmt: '' }]).map((t, i) => ({
      name: `Card ${i + 1}`,
      ...t,
    })),
  }
}

/** A text export as a collection without cards (they are generated) or history. */
export function readTextExport(
  text: string,
  file: string,
  limits: AnkiLimits = ANKI_LIMITS,
): { collection: AnkiCollection; lineOf: Map<number, number> } {
  const refuse = refuserFor(file)
  const source = text.replace(/^\uFEFF/, '')
  const lines = source.split(/\r?\n/)
  const { header, bodyStart } = readHeader(lines, refuse)
  const rows = parseRows(lines.slice(bodyStart).join('\n'), header.separator)
  if (rows.length === 0) throw refuse.invalid('the text file holds no notes')
  if (rows.length > limits.notes)
    throw refuse.overLimit(`it holds ${rows.length} notes; Drill imports at most ${limits.notes} at a time`)
  const metaColumns = new Set(
    [header.noteTypeColumn, header.deckColumn, header.tagsColumn, header.guidColumn].filter(
      (c) => c !== null,
    ),
  )
  const fallbackDeck = header.deckName || file.replace(/\.[^.]+$/, '').replace(/^.*[/\\]/, '') || 'Imported'
  const noteTypes = new Map<string, AnkiNoteType>()
  const decks = new Map<string, number>()
  const notes: AnkiNote[] = []
  const deckOfNote = new Map<number, number>()
  const lineOf = new Map<number, number>()
  rows.forEach(({ row, line }, index) => {
    const at = (column: number | null) => (column === null ? '' : (row[column] ?? '').trim())
    const typeName = at(header.noteTypeColumn) || header.noteTypeName || 'Basic'
    const deckName = at(header.deckColumn) || fallbackDeck
    const fields = row
      .filter((_, column) => !metaColumns.has(column))
      .map((value) => (header.html ? value : escapeHtml(value)))
    const typeKey = `${typeName}\x1f${fields.length}`
    let type = noteTypes.get(typeKey)
    if (!type) {
      type = noteTypeNamed(typeName, noteTypes.size + 1, fields.length)
      noteTypes.set(typeKey, type)
    }
    if (!decks.has(deckName)) decks.set(deckName, decks.size + 1)
    const noteId = index + 1
    notes.push({
      id: noteId,
      guid: at(header.guidColumn) || derivedGuid(typeName, fields[0] ?? ''),
      noteTypeId: type.id,
      fields,
      data: '',
      tags: '',
    })
    deckOfNote.set(noteId, decks.get(deckName) as number)
    lineOf.set(noteId, line + bodyStart)
  })
  return {
    collection: {
      noteTypes: new Map([...noteTypes.values()].map((type) => [type.id, type])),
      decks: new Map([...decks].map(([name, id]) => [id, name])),
      notes,
      cards: null,
      reviews: [],
      media: new Map(),
      deckOfNote,
    },
    lineOf,
  }
}
