// The SQL that writes an Anki collection in the legacy layout (Anki's schema 11: col,
// notes, cards, revlog, graves) into a fresh in-memory database: lib/anki/apkg-writer.ts
// builds an export package's collection.anki2 with it (not the app's database).
// Values come in as Anki stores them; the caller wraps the inserts in one transaction.
import type Database from 'better-sqlite3'

const SCHEMA_11 = `
CREATE TABLE col (id integer primary key, crt integer not null, mod integer not null, scm integer not null,
  ver integer not null, dty integer not null, usn integer not null, ls integer not null, conf text not null,
  models text not null, decks text not null, dconf text not null, tags text not null);
CREATE TABLE notes (id integer primary key, guid text not null, mid integer not null, mod integer not null,
  usn integer not null, tags text not null, flds text not null, sfld integer not null, csum integer not null,
  flags integer not null, data text not null);
CREATE TABLE cards (id integer primary key, nid integer not null, did integer not null, ord integer not null,
  mod integer not null, usn integer not null, type integer not null, queue integer not null, due integer not null,
  ivl integer not null, factor integer not null, reps integer not null, lapses integer not null, left integer not null,
  odue integer not null, odid integer not null, flags integer not null, data text not null);
CREATE TABLE revlog (id integer primary key, cid integer not null, usn integer not null, ease integer not null,
  ivl integer not null, lastIvl integer not null, factor integer not null, time integer not null, type integer not null);
CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);`

export interface AnkiColValues {
  crtS: number
  modMs: number
  scmMs: number
  conf: string
  models: string
  decks: string
  dconf: string
  tags: string
}

export interface AnkiNoteValues {
  id: number
  guid: string
  mid: number
  modS: number
  flds: string
  sfld: string
  csum: number
  data: string
}

export interface AnkiCardValues {
  id: number
  nid: number
  did: number
  modS: number
  type: number
  queue: number
  due: number
  ivl: number
  factor: number
  reps: number
  lapses: number
}

export interface AnkiRevlogValues {
  id: number
  cid: number
  ease: number
  ivl: number
  lastIvl: number
  factor: number
  timeMs: number
  type: number
}

/** Creates the schema-11 tables on `db`, then hands back its inserts. */
export function legacyCollectionWriter(db: Database.Database) {
  db.exec(SCHEMA_11)
  const insertCol = db.prepare('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)')
  const insertNote = db.prepare("INSERT INTO notes VALUES (?, ?, ?, ?, -1, '', ?, ?, ?, 0, ?)")
  const insertCard = db.prepare(
    "INSERT INTO cards VALUES (?, ?, ?, 0, ?, -1, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, '')",
  )
  const insertReview = db.prepare('INSERT INTO revlog VALUES (?, ?, -1, ?, ?, ?, ?, ?, ?)')
  return {
    insertCol(v: AnkiColValues): void {
      insertCol.run(v.crtS, v.modMs, v.scmMs, v.conf, v.models, v.decks, v.dconf, v.tags)
    },
    insertNote(v: AnkiNoteValues): void {
      insertNote.run(v.id, v.guid, v.mid, v.modS, v.flds, v.sfld, v.csum, v.data)
    },
    insertCard(v: AnkiCardValues): void {
      insertCard.run(v.id, v.nid, v.did, v.modS, v.type, v.queue, v.due, v.ivl, v.factor, v.reps, v.lapses)
    },
    insertReview(v: AnkiRevlogValues): void {
      insertReview.run(v.id, v.cid, v.ease, v.ivl, v.lastIvl, v.factor, v.timeMs, v.type)
    },
  }
}
