// Builds real Anki files for tests and benchmarks, with the structure Anki writes:
// - a schema-11 collection (legacy .apkg: collection.anki2 / collection.anki21) with
//   note types and decks as JSON in `col`, a JSON media map and media files 0, 1, …;
// - a schema-18 collection (current .apkg/.colpkg: collection.anki21b) with the
//   notetypes/fields/templates/decks tables, protobuf configs and Anki's `unicase`
//   collation, zstd-compressed, beside a `meta` protobuf, a zstd protobuf media map,
//   zstd media files and the dummy collection.anki2 old clients see;
// - Anki's text export.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BinaryWriter } from '@bufbuild/protobuf/wire'
import Database from 'better-sqlite3'
import { zipSync } from 'fflate'
import { clozeNumbersOf } from '@/lib/anki/cloze'
import { DAY_MS } from '@/lib/calendar'
import { zstdCompress } from './zstd'

export type FixtureNoteType =
  | 'basic'
  | 'reversed'
  | 'optional-reversed'
  | 'cloze'
  | 'custom'
  /** Three templates of the learner's own: conditionals, {{FrontSide}}, filters, special fields. */
  | 'vocab'
  /** One template Anki cannot parse (an unclosed {{#Front}}). */
  | 'broken'
  /** A second template whose front is blank once its field was emptied (the card stays in Anki). */
  | 'hinted'

export interface FixtureReview {
  /** Which of the note's cards (default 0). */
  ord?: number
  atMs: number
  ease: number
  durationMs?: number
  /** revlog.type: 0 learn, 1 review, 2 relearn, 3 filtered, 4 manual, 5 rescheduled (default 1). */
  type?: number
  /** Anki's own interval after it (days; written as it would be, not read by Drill). */
  ivl?: number
}

export interface FixtureNote {
  guid: string
  type: FixtureNoteType
  fields: string[]
  deck: string
  /** Cards by ord that are suspended in Anki. */
  suspended?: number[]
  /** Cards by ord that are new (never studied) in Anki; cards with reviews are review cards otherwise. */
  newCards?: number[]
  reviews?: FixtureReview[]
  /** notes.data (Drill's exports keep the card there). */
  data?: string
  /** notes.tags. */
  tags?: string[]
  /** The note's cards by ord, when not the ones Anki would make now (a field emptied since). */
  cards?: number[]
}

export interface FixtureMedia {
  name: string
  bytes: Uint8Array
}

export interface FixtureCollection {
  notes: FixtureNote[]
  media?: FixtureMedia[]
}

const NOTE_TYPES: Record<
  FixtureNoteType,
  {
    id: number
    name: string
    cloze: boolean
    fields: string[]
    templates: { name: string; qfmt: string; afmt: string }[]
  }
> = {
  basic: {
    id: 1_600_000_000_001,
    name: 'Basic',
    cloze: false,
    fields: ['Front', 'Back'],
    templates: [{ name: 'Card 1', qfmt: '{{Front}}', afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}' }],
  },
  reversed: {
    id: 1_600_000_000_002,
    name: 'Basic (and reversed card)',
    cloze: false,
    fields: ['Front', 'Back'],
    templates: [
      { name: 'Card 1', qfmt: '{{Front}}', afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}' },
      { name: 'Card 2', qfmt: '{{Back}}', afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}' },
    ],
  },
  'optional-reversed': {
    id: 1_600_000_000_003,
    name: 'Basic (optional reversed card)',
    cloze: false,
    fields: ['Front', 'Back', 'Add Reverse'],
    templates: [
      { name: 'Card 1', qfmt: '{{Front}}', afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}' },
      {
        name: 'Card 2',
        qfmt: '{{#Add Reverse}}{{Back}}{{/Add Reverse}}',
        afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Front}}',
      },
    ],
  },
  cloze: {
    id: 1_600_000_000_004,
    name: 'Cloze',
    cloze: true,
    fields: ['Text', 'Back Extra'],
    templates: [{ name: 'Cloze', qfmt: '{{cloze:Text}}', afmt: '{{cloze:Text}}<br>\n{{Back Extra}}' }],
  },
  custom: {
    id: 1_600_000_000_005,
    name: 'System design term',
    cloze: false,
    fields: ['Term', 'Definition', 'Example'],
    templates: [
      {
        name: 'Recognise',
        qfmt: '<div class=term>{{Term}}</div>',
        afmt: '{{FrontSide}}<hr id=answer>{{Definition}}<br>{{Example}}',
      },
      { name: 'Recall', qfmt: '{{Definition}}', afmt: '{{FrontSide}}<hr id=answer>{{Term}}' },
    ],
  },
  vocab: {
    id: 1_600_000_000_006,
    name: 'Vocabulary (3 ways)',
    cloze: false,
    fields: ['Word', 'Meaning', 'Example'],
    templates: [
      {
        name: 'Recognise',
        qfmt: '<div class=word>{{Word}}</div>{{#Example}}<div>{{hint:Example}}</div>{{/Example}}',
        afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Meaning}}',
      },
      {
        name: 'Produce',
        qfmt: '{{Meaning}}{{^Example}}<p>(no example yet)</p>{{/Example}}',
        afmt: '{{FrontSide}}<hr id=answer>{{Word}}{{#Example}}<br><i>{{text:Example}}</i>{{/Example}}',
      },
      {
        name: 'Spell',
        qfmt: '{{#Example}}<b>{{Card}}</b>: {{Meaning}} {{type:Word}}{{/Example}}',
        afmt: '{{FrontSide}}<hr id=answer>{{type:Word}} · {{Deck}} · {{Tags}}',
      },
    ],
  },
  broken: {
    id: 1_600_000_000_007,
    name: 'Broken syntax',
    cloze: false,
    fields: ['Front', 'Back'],
    templates: [{ name: 'Card 1', qfmt: '{{#Front}}{{Front}}', afmt: '{{FrontSide}}<hr id=answer>{{Back}}' }],
  },
  hinted: {
    id: 1_600_000_000_008,
    name: 'Hinted',
    cloze: false,
    fields: ['Front', 'Back', 'Hint'],
    templates: [
      { name: 'Forward', qfmt: '{{Front}}', afmt: '{{FrontSide}}<hr id=answer>{{Back}}' },
      {
        name: 'From the hint',
        qfmt: '{{#Hint}}{{Hint}}{{/Hint}}',
        afmt: '{{FrontSide}}<hr id=answer>{{Front}}',
      },
    ],
  },
}

/** The ords Anki would give a note's cards. */
export function cardOrdsOf(note: FixtureNote): number[] {
  if (note.cards) return note.cards
  if (note.type === 'cloze') return clozeNumbersOf(note.fields[0] ?? '').map((n) => n - 1)
  if (note.type === 'vocab') return (note.fields[2] ?? '').trim() ? [0, 1, 2] : [0, 1]
  if (note.type === 'hinted') return (note.fields[2] ?? '').trim() ? [0, 1] : [0]
  if (note.type === 'broken') return [0]
  if (note.type === 'reversed' || note.type === 'custom') return [0, 1]
  if (note.type === 'optional-reversed') return (note.fields[2] ?? '').trim() ? [0, 1] : [0]
  return [0]
}

const COLLECTION_CREATED_S = 1_600_000_000

function deckIdsOf(notes: readonly FixtureNote[]): Map<string, number> {
  const ids = new Map<string, number>([['Default', 1]])
  for (const note of notes) if (!ids.has(note.deck)) ids.set(note.deck, 1_700_000_000_000 + ids.size)
  return ids
}

const SCHEMA_11_TABLES = `
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
CREATE INDEX ix_notes_usn on notes (usn);
CREATE INDEX ix_cards_usn on cards (usn);
CREATE INDEX ix_revlog_usn on revlog (usn);
CREATE INDEX ix_cards_nid on cards (nid);
CREATE INDEX ix_cards_sched on cards (did, queue, due);
CREATE INDEX ix_revlog_cid on revlog (cid);
CREATE INDEX ix_notes_csum on notes (csum);`

const GRAVES_11 = 'CREATE TABLE graves (usn integer not null, oid integer not null, type integer not null);'

/** Schema 18's extra tables; `collate unicase` is Anki's own collation. */
const SCHEMA_18_TABLES = `
CREATE TABLE graves (oid integer NOT NULL, type integer NOT NULL, usn integer NOT NULL, PRIMARY KEY (oid, type)) WITHOUT ROWID;
CREATE INDEX idx_graves_pending ON graves (usn);
CREATE TABLE deck_config (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE unicase, mtime_secs integer NOT NULL,
  usn integer NOT NULL, config blob NOT NULL);
CREATE TABLE config (KEY text NOT NULL PRIMARY KEY, usn integer NOT NULL, mtime_secs integer NOT NULL, val blob NOT NULL) WITHOUT ROWID;
CREATE TABLE tags (id integer PRIMARY KEY NOT NULL, name text NOT NULL COLLATE unicase, usn integer NOT NULL, config blob NOT NULL);
CREATE TABLE fields (ntid integer not null, ord integer not null, name text not null collate unicase, config blob not null,
  primary key (ntid, ord)) without rowid;
CREATE UNIQUE INDEX idx_fields_name_ntid on fields (name, ntid);
CREATE TABLE templates (ntid integer not null, ord integer not null, name text not null collate unicase,
  mtime_secs integer not null, usn integer not null, config blob not null, primary key (ntid, ord)) without rowid;
CREATE UNIQUE INDEX idx_templates_name_ntid on templates (name, ntid);
CREATE INDEX idx_templates_usn on templates (usn);
CREATE TABLE notetypes (id integer not null primary key, name text not null collate unicase, mtime_secs integer not null,
  usn integer not null, config blob not null);
CREATE UNIQUE INDEX idx_notetypes_name on notetypes (name);
CREATE INDEX idx_notetypes_usn on notetypes (usn);
CREATE TABLE decks (name text not null primary key collate unicase, id integer not null, mtime_secs integer not null,
  usn integer not null, common bytes not null, kind bytes not null);
CREATE UNIQUE INDEX idx_decks_id on decks (id);`

function legacyModels(): string {
  const models: Record<string, unknown> = {}
  for (const type of Object.values(NOTE_TYPES))
    models[type.id] = {
      id: type.id,
      name: type.name,
      type: type.cloze ? 1 : 0,
      mod: COLLECTION_CREATED_S,
      usn: -1,
      sortf: 0,
      did: 1,
      flds: type.fields.map((name, ord) => ({
        name,
        ord,
        sticky: false,
        rtl: false,
        font: 'Arial',
        size: 20,
      })),
      tmpls: type.templates.map((t, ord) => ({
        name: t.name,
        ord,
        qfmt: t.qfmt,
        afmt: t.afmt,
        bqfmt: '',
        bafmt: '',
        did: null,
      })),
      css: '.card { font-family: arial; }',
      latexPre: '',
      latexPost: '',
      req: [],
      tags: [],
      vers: [],
    }
  return JSON.stringify(models)
}

function legacyDecks(decks: Map<string, number>): string {
  const json: Record<string, unknown> = {}
  for (const [name, id] of decks)
    json[id] = { id, name, mod: COLLECTION_CREATED_S, usn: -1, dyn: 0, conf: 1, desc: '', collapsed: false }
  return JSON.stringify(json)
}

function notetypeConfig(cloze: boolean): Uint8Array {
  const writer = new BinaryWriter()
  if (cloze) writer.tag(1, 0).int32(1)
  writer.tag(3, 2).string('.card { font-family: arial; }')
  return writer.finish()
}

function templateConfig(qfmt: string, afmt: string): Uint8Array {
  return new BinaryWriter().tag(1, 2).string(qfmt).tag(2, 2).string(afmt).finish()
}

/** decks.kind: DeckKindContainer { normal = 1 } with an empty NormalDeck. */
const NORMAL_DECK_KIND = new BinaryWriter().tag(1, 2).bytes(new Uint8Array(0)).finish()

function writeRows(db: Database.Database, fixture: FixtureCollection, decks: Map<string, number>): void {
  const insertNote = db.prepare('INSERT INTO notes VALUES (?, ?, ?, ?, -1, ?, ?, ?, 0, 0, ?)')
  const insertCard = db.prepare(
    "INSERT INTO cards VALUES (?, ?, ?, ?, ?, -1, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, 0, '')",
  )
  const insertReview = db.prepare('INSERT INTO revlog VALUES (?, ?, -1, ?, ?, 0, 2500, ?, ?)')
  let cardId = 1_650_000_000_000
  fixture.notes.forEach((note, index) => {
    const noteId = 1_640_000_000_000 + index
    const type = NOTE_TYPES[note.type]
    insertNote.run(
      noteId,
      note.guid,
      type.id,
      COLLECTION_CREATED_S,
      note.tags?.length ? ` ${note.tags.join(' ')} ` : '',
      note.fields.join('\x1f'),
      note.fields[0] ?? '',
      note.data ?? '',
    )
    for (const ord of cardOrdsOf(note)) {
      cardId += 1
      const reviews = (note.reviews ?? []).filter((review) => (review.ord ?? 0) === ord)
      const isNew = note.newCards?.includes(ord) || reviews.length === 0
      const queue = note.suspended?.includes(ord) ? -1 : isNew ? 0 : 2
      const ivl = reviews.at(-1)?.ivl ?? (isNew ? 0 : 3)
      const due = isNew
        ? index + 1
        : Math.floor(((reviews.at(-1)?.atMs ?? 0) + ivl * DAY_MS) / DAY_MS) - COLLECTION_CREATED_S / 86_400
      insertCard.run(
        cardId,
        noteId,
        decks.get(note.deck) ?? 1,
        ord,
        COLLECTION_CREATED_S,
        isNew ? 0 : 2,
        queue,
        due,
        ivl,
        isNew ? 0 : 2500,
        reviews.length,
      )
      for (const review of reviews)
        insertReview.run(
          review.atMs,
          cardId,
          review.ease,
          review.ivl ?? 1,
          review.durationMs ?? 8000,
          review.type ?? 1,
        )
    }
  })
}

/** Writes a schema-11 collection file (what collection.anki2 and collection.anki21 hold). */
export function writeLegacyCollection(filePath: string, fixture: FixtureCollection): void {
  const db = new Database(filePath)
  try {
    db.exec(SCHEMA_11_TABLES + GRAVES_11)
    const decks = deckIdsOf(fixture.notes)
    db.prepare('INSERT INTO col VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, ?)').run(
      COLLECTION_CREATED_S,
      COLLECTION_CREATED_S * 1000,
      COLLECTION_CREATED_S * 1000,
      '{"nextPos": 1}',
      legacyModels(),
      legacyDecks(decks),
      '{"1": {"id": 1, "name": "Default"}}',
      '{}',
    )
    db.transaction(() => writeRows(db, fixture, decks))()
  } finally {
    db.close()
  }
}

/** Writes a schema-18 collection file (what collection.anki21b holds before zstd). */
export function writeModernCollection(filePath: string, fixture: FixtureCollection): void {
  const db = new Database(filePath)
  try {
    // SQLite refuses an unknown collation at CREATE; make the tables with NOCASE, then
    // write Anki's own name into the schema, as a file from Anki has it.
    db.exec((SCHEMA_11_TABLES + SCHEMA_18_TABLES).replace(/collate unicase/gi, 'collate nocase'))
    const decks = deckIdsOf(fixture.notes)
    db.prepare("INSERT INTO col VALUES (1, ?, ?, ?, 18, 0, 0, 0, '', '', '', '', '')").run(
      COLLECTION_CREATED_S,
      COLLECTION_CREATED_S * 1000,
      COLLECTION_CREATED_S * 1000,
    )
    db.transaction(() => {
      for (const type of Object.values(NOTE_TYPES)) {
        db.prepare('INSERT INTO notetypes VALUES (?, ?, ?, 0, ?)').run(
          type.id,
          type.name,
          COLLECTION_CREATED_S,
          notetypeConfig(type.cloze),
        )
        for (const [ord, name] of type.fields.entries())
          db.prepare('INSERT INTO fields VALUES (?, ?, ?, ?)').run(type.id, ord, name, new Uint8Array(0))
        for (const [ord, t] of type.templates.entries())
          db.prepare('INSERT INTO templates VALUES (?, ?, ?, ?, 0, ?)').run(
            type.id,
            ord,
            t.name,
            COLLECTION_CREATED_S,
            templateConfig(t.qfmt, t.afmt),
          )
      }
      for (const [name, id] of decks)
        db.prepare('INSERT INTO decks VALUES (?, ?, ?, 0, ?, ?)').run(
          name.replaceAll('::', '\x1f'),
          id,
          COLLECTION_CREATED_S,
          new Uint8Array(0),
          NORMAL_DECK_KIND,
        )
      writeRows(db, fixture, decks)
    })()
    db.unsafeMode(true)
    db.pragma('writable_schema = ON')
    db.prepare("UPDATE sqlite_master SET sql = replace(sql, 'collate nocase', 'collate unicase')").run()
    db.prepare("UPDATE sqlite_master SET sql = replace(sql, 'COLLATE nocase', 'COLLATE unicase')").run()
    db.pragma('writable_schema = OFF')
  } finally {
    db.close()
  }
}

function inTemp<T>(run: (dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-anki-fixture-'))
  try {
    return run(dir)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

export function legacyCollectionBytes(fixture: FixtureCollection): Uint8Array {
  return inTemp((dir) => {
    const file = path.join(dir, 'collection.anki2')
    writeLegacyCollection(file, fixture)
    return new Uint8Array(fs.readFileSync(file))
  })
}

export function modernCollectionBytes(fixture: FixtureCollection): Uint8Array {
  return inTemp((dir) => {
    const file = path.join(dir, 'collection.anki21b')
    writeModernCollection(file, fixture)
    return new Uint8Array(fs.readFileSync(file))
  })
}

function legacyMediaEntries(media: readonly FixtureMedia[]): Record<string, Uint8Array> {
  const files: Record<string, Uint8Array> = {}
  const map: Record<string, string> = {}
  media.forEach((item, index) => {
    files[String(index)] = item.bytes
    map[String(index)] = item.name
  })
  return { ...files, media: new TextEncoder().encode(JSON.stringify(map)) }
}

/** A legacy package: `anki2` (Anki 2.0's collection.anki2) or `anki21` (collection.anki21). */
export function legacyPackage(fixture: FixtureCollection, name: 'anki2' | 'anki21' = 'anki2'): Uint8Array {
  return zipSync({
    [`collection.${name}`]: legacyCollectionBytes(fixture),
    ...legacyMediaEntries(fixture.media ?? []),
  })
}

function mediaEntriesProtobuf(media: readonly FixtureMedia[]): Uint8Array {
  const writer = new BinaryWriter()
  for (const item of media)
    writer.tag(1, 2).fork().tag(1, 2).string(item.name).tag(2, 0).uint32(item.bytes.byteLength).join()
  return writer.finish()
}

/** The current format (what .apkg and .colpkg hold from Anki 2.1.50 on). */
export async function modernPackage(fixture: FixtureCollection): Promise<Uint8Array> {
  const media = fixture.media ?? []
  const files: Record<string, Uint8Array | [Uint8Array, { level: 0 }]> = {
    // Old clients open this and find a note asking them to update.
    'collection.anki2': legacyCollectionBytes({
      notes: [
        {
          guid: 'dummy',
          type: 'basic',
          fields: ['Please update to the latest Anki version.', ''],
          deck: 'Default',
        },
      ],
    }),
    'collection.anki21b': [await zstdCompress(modernCollectionBytes(fixture)), { level: 0 }],
    meta: new BinaryWriter().tag(1, 0).int32(3).finish(),
    media: [await zstdCompress(mediaEntriesProtobuf(media)), { level: 0 }],
  }
  for (const [index, item] of media.entries())
    files[String(index)] = [await zstdCompress(item.bytes), { level: 0 }]
  return zipSync(files)
}

/** Anki's "Notes in Plain Text" export with the headers it writes. */
export function textExport(fixture: FixtureCollection, { html = true }: { html?: boolean } = {}): string {
  const quote = (value: string) => (/[\t\n"]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value)
  const names: Record<FixtureNoteType, string> = {
    basic: 'Basic',
    reversed: 'Basic (and reversed card)',
    'optional-reversed': 'Basic (optional reversed card)',
    cloze: 'Cloze',
    custom: 'System design term',
    vocab: 'Vocabulary (3 ways)',
    broken: 'Broken syntax',
    hinted: 'Hinted',
  }
  const lines = ['#separator:tab', `#html:${html}`, '#guid column:1', '#notetype column:2', '#deck column:3']
  for (const note of fixture.notes)
    lines.push([note.guid, names[note.type], note.deck, ...note.fields].map(quote).join('\t'))
  return `${lines.join('\n')}\n`
}

/** A 1×1 PNG (real bytes: the import checks them). */
export const PNG_1X1 = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
)
