// Writes an Anki package in the legacy layout every Anki version imports: a zip
// with collection.anki2 (Anki's schema 11: col, notes, cards, revlog, graves; note
// types, decks and deck options as JSON in col), a JSON media map and the media
// files named 0, 1, …. One Basic note type, one deck. The SQL is in
// db/queries/anki-package.ts.
import { createHash } from 'node:crypto'
import Database from 'better-sqlite3'
import { zipSync } from 'fflate'
import { legacyCollectionWriter } from '@/db/queries/anki-package'

export interface ApkgNote {
  noteId: number
  guid: string
  front: string
  back: string
  /** Kept in notes.data, which Anki leaves alone. */
  data: string
  modS: number
  card: ApkgCard
}

export interface ApkgCard {
  cardId: number
  /** 0 new, 2 review. */
  type: 0 | 2
  /** 0 new, 2 review, -1 suspended. */
  queue: 0 | 2 | -1
  /** New: position; review: day number counted from the collection's creation day. */
  due: number
  ivl: number
  factor: number
  reps: number
  lapses: number
}

export interface ApkgReview {
  id: number
  cardId: number
  ease: number
  ivl: number
  lastIvl: number
  factor: number
  timeMs: number
  /** 0 learn, 1 review, 2 relearn. */
  type: number
}

export interface ApkgContent {
  deckName: string
  /** Seconds; the day cards' `due` counts from. */
  collectionCreatedS: number
  nowMs: number
  notes: ApkgNote[]
  reviews: ApkgReview[]
  media: { name: string; bytes: Uint8Array }[]
}

/** The note type's id: fixed, so every Drill export shares one "Basic" in Anki. */
export const DRILL_BASIC_MODEL_ID = 1_718_000_000_000

export function deckIdOf(deckName: string): number {
  return 1_500_000_000_000 + (Number.parseInt(sha1(deckName).slice(0, 8), 16) % 100_000_000_000)
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex')
}

/** Anki's sort field and checksum: the first field without HTML. */
function stripHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim()
}

function basicModel(deckId: number, modS: number) {
  const field = (name: string, ord: number) => ({
    name,
    ord,
    sticky: false,
    rtl: false,
    font: 'Arial',
    size: 20,
    description: '',
    media: [],
  })
  return {
    id: DRILL_BASIC_MODEL_ID,
    name: 'Basic',
    type: 0,
    mod: modS,
    usn: -1,
    sortf: 0,
    did: deckId,
    tmpls: [
      {
        name: 'Card 1',
        ord: 0,
        qfmt: '{{Front}}',
        afmt: '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}',
        bqfmt: '',
        bafmt: '',
        did: null,
        bfont: '',
        bsize: 0,
      },
    ],
    flds: [field('Front', 0), field('Back', 1)],
    css: '.card {\n  font-family: arial;\n  font-size: 20px;\n  text-align: center;\n  color: black;\n  background-color: white;\n}\n',
    latexPre:
      '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n',
    latexPost: '\\end{document}',
    latexsvg: false,
    req: [[0, 'any', [0]]],
    tags: [],
    vers: [],
  }
}

function deck(id: number, name: string, modS: number) {
  return {
    id,
    name,
    mod: modS,
    usn: -1,
    lrnToday: [0, 0],
    revToday: [0, 0],
    newToday: [0, 0],
    timeToday: [0, 0],
    collapsed: false,
    browserCollapsed: false,
    desc: '',
    dyn: 0,
    conf: 1,
    extendNew: 0,
    extendRev: 0,
  }
}

function defaultDeckOptions(modS: number) {
  return {
    id: 1,
    name: 'Default',
    mod: modS,
    usn: -1,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: { bury: false, delays: [1, 10], initialFactor: 2500, ints: [1, 4, 0], order: 1, perDay: 20 },
    rev: { bury: false, ease4: 1.3, ivlFct: 1, maxIvl: 36500, perDay: 200, hardFactor: 1.2 },
    lapse: { delays: [10], leechAction: 1, leechFails: 8, minInt: 1, mult: 0 },
  }
}

/** The collection.anki2 bytes for the content. */
export function collectionBytes(content: ApkgContent): Uint8Array {
  const db = new Database(':memory:')
  try {
    const write = legacyCollectionWriter(db)
    const modS = Math.floor(content.nowMs / 1000)
    const deckId = deckIdOf(content.deckName)
    const conf = {
      activeDecks: [deckId],
      curDeck: deckId,
      newSpread: 0,
      collapseTime: 1200,
      timeLim: 0,
      estTimes: true,
      dueCounts: true,
      curModel: DRILL_BASIC_MODEL_ID,
      nextPos: content.notes.length + 1,
      sortType: 'noteFld',
      sortBackwards: false,
      addToCur: true,
    }
    write.insertCol({
      crtS: content.collectionCreatedS,
      modMs: content.nowMs,
      scmMs: content.nowMs,
      conf: JSON.stringify(conf),
      models: JSON.stringify({ [DRILL_BASIC_MODEL_ID]: basicModel(deckId, modS) }),
      decks: JSON.stringify({ 1: deck(1, 'Default', modS), [deckId]: deck(deckId, content.deckName, modS) }),
      dconf: JSON.stringify({ 1: defaultDeckOptions(modS) }),
      tags: '{}',
    })
    db.transaction(() => {
      for (const note of content.notes) {
        const sortField = stripHtml(note.front)
        write.insertNote({
          id: note.noteId,
          guid: note.guid,
          mid: DRILL_BASIC_MODEL_ID,
          modS: note.modS,
          flds: `${note.front}\x1f${note.back}`,
          sfld: sortField,
          csum: Number.parseInt(sha1(sortField).slice(0, 8), 16),
          data: note.data,
        })
        const c = note.card
        write.insertCard({
          id: c.cardId,
          nid: note.noteId,
          did: deckId,
          modS: note.modS,
          type: c.type,
          queue: c.queue,
          due: c.due,
          ivl: c.ivl,
          factor: c.factor,
          reps: c.reps,
          lapses: c.lapses,
        })
      }
      for (const r of content.reviews)
        write.insertReview({
          id: r.id,
          cid: r.cardId,
          ease: r.ease,
          ivl: r.ivl,
          lastIvl: r.lastIvl,
          factor: r.factor,
          timeMs: r.timeMs,
          type: r.type,
        })
    })()
    return new Uint8Array(db.serialize())
  } finally {
    db.close()
  }
}

/** The .apkg: collection.anki2, the media map and the media files. */
export function apkgBytes(content: ApkgContent): Uint8Array {
  const files: Record<string, Uint8Array> = { 'collection.anki2': collectionBytes(content) }
  const map: Record<string, string> = {}
  content.media.forEach((item, index) => {
    files[String(index)] = item.bytes
    map[String(index)] = item.name
  })
  files.media = new TextEncoder().encode(JSON.stringify(map))
  // Level 1: an export of 100,000 reviews zips in a fraction of the time, a few percent larger.
  return zipSync(files, { level: 1 })
}
