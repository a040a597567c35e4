// Reads an Anki collection (the SQLite file inside a package) with better-sqlite3
// from a temp file: refuses one that fails PRAGMA integrity_check or lacks Anki's
// tables, then reads note types, decks, notes, cards and the review log. Two
// schemas: 11 (legacy packages; note types and decks as JSON in `col`) and 15+
// (anki21b; their own tables, configs as protobuf).
import Database from 'better-sqlite3'
import { refuserFor } from './errors'
import { ANKI_LIMITS, type AnkiLimits } from './limits'
import type { AnkiCard, AnkiCollection, AnkiNote, AnkiNoteType, AnkiReview } from './model'
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
function replaceAnkiCollation(path: string): void {
  const db = new Database(path)
  try {
    const uses = db
      .prepare("SELECT count(*) AS n FROM sqlite_master WHERE sql LIKE '%collate unicase%'")
      .get() as { n: number }
    if (uses.n === 0) return
    db.unsafeMode(true)
    db.pragma('writable_schema = ON')
    db.prepare(
      "UPDATE sqlite_master SET sql = replace(replace(sql, 'collate unicase', 'collate nocase'), 'COLLATE unicase', 'COLLATE nocase') WHERE sql LIKE '%collate unicase%'",
    ).run()
    db.pragma('writable_schema = OFF')
  } finally {
    db.close()
  }
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

function tablesOf(db: Db): Set<string> {
  return new Set(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
      (row) => row.name,
    ),
  )
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
  const rows = db.prepare('SELECT id, name, config FROM notetypes').all() as {
    id: number
    name: string
    config: Buffer
  }[]
  const fields = db.prepare('SELECT ntid, ord, name FROM fields ORDER BY ntid, ord').all() as {
    ntid: number
    ord: number
    name: string
  }[]
  const templates = db.prepare('SELECT ntid, ord, name, config FROM templates ORDER BY ntid, ord').all() as {
    ntid: number
    ord: number
    name: string
    config: Buffer
  }[]
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
  for (const row of db.prepare('SELECT id, name, kind FROM decks').all() as {
    id: number
    name: string
    kind: Buffer
  }[]) {
    // Filtered decks hold cards on loan: the cards keep their home deck in odid.
    if (!readDeckIsFiltered(row.kind)) names.set(row.id, row.name.replaceAll('\x1f', '::'))
  }
  return names
}

/** Reads a collection file; `entry` is its name in the package (for messages). */
export function readCollection(
  path: string,
  file: string,
  entry: string,
  limits: AnkiLimits = ANKI_LIMITS,
): Omit<AnkiCollection, 'media'> {
  const refuse = refuserFor(file)
  const db = openChecked(path, file, entry)
  try {
    const tables = tablesOf(db)
    const missing = ANKI_TABLES.filter((table) => !tables.has(table))
    if (missing.length > 0)
      throw refuse.invalid(`"${entry}" is not an Anki collection: it has no ${missing.join(', ')} table`)
    const col = db.prepare('SELECT ver, models, decks FROM col LIMIT 1').get() as
      | { ver: number; models: string; decks: string }
      | undefined
    if (!col) throw refuse.invalid(`"${entry}" is not an Anki collection: its col table is empty`)
    const modern = col.ver >= 15
    if (modern) {
      const lacking = SCHEMA_15_TABLES.filter((table) => !tables.has(table))
      if (lacking.length > 0)
        throw refuse.invalid(`"${entry}" is not an Anki collection: it has no ${lacking.join(', ')} table`)
    }
    const noteCount = (db.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n
    if (noteCount > limits.notes)
      throw refuse.overLimit(`it holds ${noteCount} notes; Drill imports at most ${limits.notes} at a time`)

    const noteTypes = modern
      ? modernNoteTypes(db)
      : legacyNoteTypes(parseJsonObject(col.models, 'note types', refuse))
    const decks = modern ? modernDecks(db) : legacyDecks(parseJsonObject(col.decks, 'decks', refuse))
    const notes = (
      db.prepare('SELECT id, guid, mid, flds, data FROM notes ORDER BY id').all() as {
        id: number
        guid: string
        mid: number
        flds: string
        data: string | null
      }[]
    ).map(
      (row): AnkiNote => ({
        id: row.id,
        guid: String(row.guid),
        noteTypeId: row.mid,
        fields: String(row.flds).split('\x1f'),
        data: row.data ?? '',
      }),
    )
    const cards = db
      .prepare(
        `SELECT id, nid AS noteId, CASE WHEN odid != 0 THEN odid ELSE did END AS deckId, ord, type, queue
         FROM cards ORDER BY nid, ord`,
      )
      .all() as AnkiCard[]
    const reviews = db
      .prepare('SELECT id, cid AS cardId, ease, time AS durationMs, type FROM revlog ORDER BY cid, id')
      .all() as AnkiReview[]
    return { noteTypes, decks, notes, cards, reviews }
  } finally {
    db.close()
  }
}
