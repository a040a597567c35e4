// The SQL that reads an Anki collection: the SQLite file inside a package, copied to
// a temp file and opened by lib/anki/collection.ts (not the app's database). Rows
// come back as stored; lib/anki decodes them (JSON in schema 11, protobuf in 15+).
// Each import reads a collection once, so statements are prepared per call.
import type Database from 'better-sqlite3'

type Db = Database.Database

export interface AnkiNotetypeRow {
  id: number
  name: string
  config: Buffer
}
export interface AnkiFieldRow {
  ntid: number
  ord: number
  name: string
}
export interface AnkiTemplateRow {
  ntid: number
  ord: number
  name: string
  config: Buffer
}
export interface AnkiDeckRow {
  id: number
  name: string
  kind: Buffer
}
export interface AnkiNoteRow {
  id: number
  guid: string
  mid: number
  flds: string
  data: string | null
  tags: string | null
}
export interface AnkiCardRow {
  id: number
  noteId: number
  /** The card's home deck (its original deck while it sits in a filtered deck). */
  deckId: number
  ord: number
  type: number
  queue: number
}
export interface AnkiRevlogRow {
  id: number
  cardId: number
  ease: number
  durationMs: number
  type: number
}

/**
 * Anki's newer schemas sort names with its own `unicase` collation, which only Anki
 * registers; SQLite cannot check (or even read through) those indexes without it.
 * In our own temp copy (opened writable), swap it for the built-in NOCASE; the caller
 * rebuilds the indexes (REINDEX) on a fresh connection. False: nothing used it.
 */
export function replaceUnicaseCollation(db: Db): boolean {
  const uses = db
    .prepare("SELECT count(*) AS n FROM sqlite_master WHERE sql LIKE '%collate unicase%'")
    .get() as { n: number }
  if (uses.n === 0) return false
  db.unsafeMode(true)
  db.pragma('writable_schema = ON')
  db.prepare(
    "UPDATE sqlite_master SET sql = replace(replace(sql, 'collate unicase', 'collate nocase'), 'COLLATE unicase', 'COLLATE nocase') WHERE sql LIKE '%collate unicase%'",
  ).run()
  db.pragma('writable_schema = OFF')
  return true
}

export function ankiTableNames(db: Db): Set<string> {
  const rows = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
  return new Set(rows.map((row) => row.name))
}

/** The collection's one `col` row: schema version, and (schema 11) note types and decks as JSON. */
export function ankiColRow(db: Db): { ver: number; models: string; decks: string } | undefined {
  return db.prepare('SELECT ver, models, decks FROM col LIMIT 1').get() as
    | { ver: number; models: string; decks: string }
    | undefined
}

export function countAnkiNotes(db: Db): number {
  return (db.prepare('SELECT count(*) AS n FROM notes').get() as { n: number }).n
}

/** Schema 15+: note types, their fields and templates, each table in full. */
export function ankiNotetypeRows(db: Db): {
  notetypes: AnkiNotetypeRow[]
  fields: AnkiFieldRow[]
  templates: AnkiTemplateRow[]
} {
  return {
    notetypes: db.prepare('SELECT id, name, config FROM notetypes').all() as AnkiNotetypeRow[],
    fields: db.prepare('SELECT ntid, ord, name FROM fields ORDER BY ntid, ord').all() as AnkiFieldRow[],
    templates: db
      .prepare('SELECT ntid, ord, name, config FROM templates ORDER BY ntid, ord')
      .all() as AnkiTemplateRow[],
  }
}

/** Schema 15+: the decks table. */
export function ankiDeckRows(db: Db): AnkiDeckRow[] {
  return db.prepare('SELECT id, name, kind FROM decks').all() as AnkiDeckRow[]
}

/**
 * In our own temp copy (opened writable): the indexes the chunked reads below walk. Anki's own
 * files have them (ix_cards_nid, ix_revlog_cid); a file written elsewhere may not.
 */
export function indexForChunkedReads(db: Db): void {
  db.exec('CREATE INDEX IF NOT EXISTS drill_cards_nid ON cards (nid)')
  db.exec('CREATE INDEX IF NOT EXISTS drill_revlog_cid ON revlog (cid)')
}

/**
 * The collection's notes a chunk at a time (issue 50: a package of 100,000 notes is never held
 * whole): the notes after `afterId` in id order, at most `limit`, then the cards and the review
 * log of exactly those notes (ids in (afterId, lastId]).
 */
export function ankiChunkReader(db: Db) {
  const notes = db.prepare(
    'SELECT id, guid, mid, flds, data, tags FROM notes WHERE id > ? ORDER BY id LIMIT ?',
  )
  const cards = db.prepare(
    `SELECT id, nid AS noteId, CASE WHEN odid != 0 THEN odid ELSE did END AS deckId, ord, type, queue
     FROM cards WHERE nid > ? AND nid <= ? ORDER BY nid, ord`,
  )
  const revlog = db.prepare(
    `SELECT r.id, r.cid AS cardId, r.ease, r.time AS durationMs, r.type
     FROM cards c JOIN revlog r ON r.cid = c.id WHERE c.nid > ? AND c.nid <= ? ORDER BY r.cid, r.id`,
  )
  return {
    notesAfter: (afterId: number, limit: number) => notes.all(afterId, limit) as AnkiNoteRow[],
    cardsOf: (afterId: number, lastId: number) => cards.all(afterId, lastId) as AnkiCardRow[],
    revlogOf: (afterId: number, lastId: number) => revlog.all(afterId, lastId) as AnkiRevlogRow[],
  }
}
