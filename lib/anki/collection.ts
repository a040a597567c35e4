// Reads an Anki collection (the SQLite file inside a package) with better-sqlite3
// from a temp file: refuses one that fails PRAGMA integrity_check or lacks Anki's
// tables, then reads note types and decks, and the notes a chunk at a time, each
// chunk with its cards and review log (a real collection is never held whole). Two
// schemas: 11 (legacy packages; note types and decks as JSON in `col`) and 15+
// (anki21b; their own tables, configs as protobuf). The SQL is in
// db/queries/anki-collection.ts.
import Database from 'better-sqlite3'
import {
  ankiChunkReader,
  ankiColRow,
  ankiDeckRows,
  ankiNotetypeRows,
  ankiTableNames,
  countAnkiNotes,
  indexForChunkedReads,
  replaceUnicaseCollation,
} from '@/db/queries/anki-collection'
import { refuserFor } from './errors'
import { ANKI_LIMITS, type AnkiLimits } from './limits'
import type { AnkiCollection, AnkiNote, AnkiNoteChunk, AnkiNoteType } from './model'
import { readDeckIsFiltered, readNotetypeConfig, readTemplateConfig } from './protobuf'
import { stockKindOf } from './stock'

type Db = Database.Database

const ANKI_TABLES = ['col', 'notes', 'cards', 'revlog'] as const
const SCHEMA_15_TABLES = ['notetypes', 'fields', 'templates', 'decks'] as const

/**
 * Anki's newer schemas sort names with its own `unicase` collation, which only Anki
 * registers; SQLite cannot check (or even read through) those indexes without it.
 * In our own temp copy, swap it for the built-in NOCASE and rebuild the indexes.
 */
/** Anki's own `unicase` collation swapped for NOCASE in our temp copy, indexes rebuilt (db/queries/anki-collection). */
function replaceAnkiCollation(path: string): void {
  const db = new Database(path)
  let replaced: boolean
  try {
    replaced = replaceUnicaseCollation(db)
  } finally {
    db.close()
  }
  if (!replaced) return
  const reopened = new Database(path)
  try {
    reopened.exec('REINDEX')
  } finally {
    reopened.close()
  }
}

function openChecked(path: string, file: string, entry: string): Db {
  const refuse = refuserFor(file)
  try {
    replaceAnkiCollation(path)
  } catch {
    throw refuse.invalid(`"${entry}" is not a SQLite database`)
  }
  const db = new Database(path, { readonly: true })
  // Views and triggers in a file from elsewhere may not call functions with side effects.
  db.pragma('trusted_schema = OFF')
  let result: { integrity_check: string }[]
  try {
    result = db.pragma('integrity_check') as { integrity_check: string }[]
  } catch {
    db.close()
    throw refuse.invalid(`"${entry}" is not a SQLite database that passes PRAGMA integrity_check`)
  }
  if (result.length !== 1 || result[0]?.integrity_check !== 'ok') {
    db.close()
    throw refuse.invalid(
      `"${entry}" fails PRAGMA integrity_check: ${result[0]?.integrity_check ?? 'no answer'}`,
    )
  }
  return db
}

interface LegacyModel {
  name?: string
  type?: number
  originalStockKind?: number
  flds?: { name?: string; ord?: number }[]
  tmpls?: { name?: string; ord?: number; qfmt?: string; afmt?: string }[]
}

function parseJsonObject(text: string, what: string, refuse: ReturnType<typeof refuserFor>) {
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object') return value as Record<string, unknown>
  } catch {}
  throw refuse.invalid(`the collection's ${what} are not valid JSON`)
}

function legacyNoteTypes(models: Record<string, unknown>): Map<number, AnkiNoteType> {
  const types = new Map<number, AnkiNoteType>()
  for (const [key, raw] of Object.entries(models)) {
    const model = (raw ?? {}) as LegacyModel
    const id = Number(key)
    const byOrd = <T extends { ord?: number }>(list: T[] = []) =>
      [...list].sort((a, b) => (a.ord ?? 0) - (b.ord ?? 0))
    const cloze = model.type === 1
    const name = String(model.name ?? `Note type ${key}`)
    types.set(id, {
      id,
      name,
      cloze,
      stock: stockKindOf({ name, cloze, originalStockKind: model.originalStockKind }),
      fields: byOrd(model.flds).map((field) => String(field.name ?? '')),
      templates: byOrd(model.tmpls).map((t) => ({
        name: String(t.name ?? ''),
        qfmt: String(t.qfmt ?? ''),
        afmt: String(t.afmt ?? ''),
      })),
    })
  }
  return types
}

function legacyDecks(decks: Record<string, unknown>): Map<number, string> {
  const names = new Map<number, string>()
  for (const [key, raw] of Object.entries(decks)) {
    const deck = (raw ?? {}) as { name?: string }
    names.set(Number(key), String(deck.name ?? 'Default'))
  }
  return names
}

function modernNoteTypes(db: Db): Map<number, AnkiNoteType> {
  const types = new Map<number, AnkiNoteType>()
  const { notetypes: rows, fields, templates } = ankiNotetypeRows(db)
  for (const row of rows) {
    const config = readNotetypeConfig(row.config)
    types.set(row.id, {
      id: row.id,
      name: row.name,
      cloze: config.cloze,
      stock: stockKindOf({
        name: row.name,
        cloze: config.cloze,
        originalStockKind: config.originalStockKind,
      }),
      fields: fields.filter((f) => f.ntid === row.id).map((f) => f.name),
      templates: templates
        .filter((t) => t.ntid === row.id)
        .map((t) => ({ name: t.name, ...readTemplateConfig(t.config) })),
    })
  }
  return types
}

function modernDecks(db: Db): Map<number, string> {
  const names = new Map<number, string>()
  for (const row of ankiDeckRows(db)) {
    // Filtered decks hold cards on loan: the cards keep their home deck in odid.
    if (!readDeckIsFiltered(row.kind)) names.set(row.id, row.name.replaceAll('\x1f', '::'))
  }
  return names
}

/** An open collection: what it is (note types, decks, how many notes), its notes read a chunk at a time. */
export interface OpenCollection {
  info: Pick<AnkiCollection, 'noteTypes' | 'decks'>
  noteCount: number
  /** The notes in id order, `size` at a time, each chunk with its cards and reviews. */
  chunks(size: number): Generator<AnkiNoteChunk>
  close(): void
}

/** Opens a collection file (checked, refused with the reason); `entry` is its name in the package (for messages). */
export function openCollection(
  path: string,
  file: string,
  entry: string,
  limits: AnkiLimits = ANKI_LIMITS,
): OpenCollection {
  const refuse = refuserFor(file)
  const db = openChecked(path, file, entry)
  try {
    const tables = ankiTableNames(db)
    const missing = ANKI_TABLES.filter((table) => !tables.has(table))
    if (missing.length > 0)
      throw refuse.invalid(`"${entry}" is not an Anki collection: it has no ${missing.join(', ')} table`)
    const col = ankiColRow(db)
    if (!col) throw refuse.invalid(`"${entry}" is not an Anki collection: its col table is empty`)
    const modern = col.ver >= 15
    if (modern) {
      const lacking = SCHEMA_15_TABLES.filter((table) => !tables.has(table))
      if (lacking.length > 0)
        throw refuse.invalid(`"${entry}" is not an Anki collection: it has no ${lacking.join(', ')} table`)
    }
    const noteCount = countAnkiNotes(db)
    if (noteCount > limits.notes)
      throw refuse.overLimit(`it holds ${noteCount} notes; Drill imports at most ${limits.notes} at a time`)

    const noteTypes = modern
      ? modernNoteTypes(db)
      : legacyNoteTypes(parseJsonObject(col.models, 'note types', refuse))
    const decks = modern ? modernDecks(db) : legacyDecks(parseJsonObject(col.decks, 'decks', refuse))
    // Our own temp copy, checked above: indexed so that each chunk's cards and reviews are a lookup.
    const writable = new Database(path)
    try {
      writable.pragma('trusted_schema = OFF')
      indexForChunkedReads(writable)
    } finally {
      writable.close()
    }
    const reader = ankiChunkReader(db)
    return {
      info: { noteTypes, decks },
      noteCount,
      *chunks(size) {
        let after = Number.MIN_SAFE_INTEGER
        for (;;) {
          const rows = reader.notesAfter(after, size)
          const last = rows.at(-1)?.id
          if (last === undefined) return
          const notes = rows.map(
            (row): AnkiNote => ({
              id: row.id,
              guid: String(row.guid),
              noteTypeId: row.mid,
              fields: String(row.flds).split('\x1f'),
              data: row.data ?? '',
              tags: String(row.tags ?? ''),
            }),
          )
          yield { notes, cards: reader.cardsOf(after, last), reviews: reader.revlogOf(after, last) }
          after = last
        }
      },
      close: () => db.close(),
    }
  } catch (error) {
    db.close()
    throw error
  }
}
