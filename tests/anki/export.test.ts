// Goal: a deck exported for Anki is a real legacy package (Anki's schema 11, one
// Basic note per card, the history as revlog rows, stable guids), and Drill reads
// its own export back unchanged: same cards, same logs, same states.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { unzipSync } from 'fflate'
import { beforeEach, expect, test } from 'vitest'
import type { Sqlite } from '@/db/open'
import type { Db } from '@/db/sql/db'
import { exportDeckForAnki, exportTopicForAnki } from '@/lib/anki/export'
import { allCards } from '@/lib/content/cards'
import { createOwnCard } from '@/lib/own-cards/service'
import { gradeReview } from '@/lib/review'
import { suggestRecallRating } from '@/lib/srs/rubric'
import { legacyPackage } from '@/tests/anki/build'
import { addStudyLearner, freshStudyDb } from '@/tests/anki/learners'
import { ankiRows, importBytes } from '@/tests/anki/run'
import { sampleCollection, T0 } from '@/tests/anki/sample'

let sqlite: Sqlite
let db: Db
const NOW = Date.UTC(2026, 2, 1)
beforeEach(async () => {
  ;({ sqlite, db } = freshStudyDb())
  await addStudyLearner(db, 'alice')
  await addStudyLearner(db, 'bob')
  expect((await importBytes(db, 'alice', 'sample.apkg', legacyPackage(sampleCollection))).kind).toBe(
    'imported',
  )
  const written = await createOwnCard(
    db,
    'alice',
    {
      title: 'Token bucket',
      deck: 'System Design',
      prompt: 'How does a token bucket limit a client?',
      points: [
        { id: 'rate', text: 'Tokens refill at a fixed rate', critical: true, cues: ['refill'] },
        { id: 'size', text: 'The bucket size bounds a burst' },
        { id: 'cost', text: 'Each request takes a token' },
      ],
      answerMarkdown: '- **refill** rate\n- bucket *size*',
    },
    T0,
  )
  // Its id is the title's slug, or another when a built-in card has that id (a token-bucket card does).
  if (written.kind !== 'saved') throw new Error('the own card was not saved')
  const graded = await gradeReview(
    db,
    [{ id: written.id, points: [{ id: 'rate', text: 'r', critical: true }] }],
    {
      learnerId: 'alice',
      cardId: written.id,
      attemptToken: 'a1',
      rating: 3,
      pointsTicked: ['rate'],
      durationMs: 40_000,
      answerMode: 'spoken',
      nowMs: T0 + 3_600_000,
    },
    suggestRecallRating,
  )
  expect(graded.kind).toBe('graded')
})

async function exported(deckName: string) {
  const result = await exportDeckForAnki(db, { learnerId: 'alice', deckName, nowMs: NOW })
  if (result.kind !== 'exported') throw new Error('deck not found')
  return result
}

function openCollection(bytes: Uint8Array): Database.Database {
  const files = unzipSync(bytes)
  expect(Object.keys(files).sort()).toEqual(expect.arrayContaining(['collection.anki2', 'media']))
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-export-'))
  const file = path.join(dir, 'collection.anki2')
  fs.writeFileSync(file, files['collection.anki2'] as Uint8Array)
  return new Database(file, { readonly: true })
}

test('the export is Anki’s legacy package: schema 11, one Basic note per card, revlog, due and interval', async () => {
  const result = await exported('System Design')
  expect(result.fileName).toBe('system-design.apkg')
  const db = openCollection(result.bytes)
  const tables = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]
  ).map((t) => t.name)
  expect(tables.sort()).toEqual(['cards', 'col', 'graves', 'notes', 'revlog'])
  const col = db.prepare('SELECT ver, models, decks FROM col').get() as {
    ver: number
    models: string
    decks: string
  }
  expect(col.ver).toBe(11)
  const models = Object.values(JSON.parse(col.models)) as { name: string; flds: { name: string }[] }[]
  expect(models.map((m) => [m.name, m.flds.map((f) => f.name)])).toEqual([['Basic', ['Front', 'Back']]])
  const decks = (Object.values(JSON.parse(col.decks)) as { name: string }[]).map((d) => d.name)
  expect(decks).toContain('System Design')
  const notes = db.prepare('SELECT guid, flds FROM notes').all() as { guid: string; flds: string }[]
  expect(notes).toHaveLength(9)
  const bucket = notes.find((note) => note.flds.startsWith('How does a token bucket'))
  expect(bucket?.flds.split('\x1f')[1]).toBe(
    '<ul class="drill-points"><li>Tokens refill at a fixed rate</li><li>The bucket size bounds a burst</li><li>Each request takes a token</li></ul>\n<div class="drill-answer"><ul>\n<li><strong>refill</strong> rate</li>\n<li>bucket <em>size</em></li>\n</ul>\n</div>',
  )
  // The Basic note imported from Anki keeps its guid; the reviewed card has its history and schedule.
  const revlog = db.prepare('SELECT id, ease, ivl, time, type FROM revlog').all() as {
    id: number
    ease: number
    ivl: number
    time: number
    type: number
  }[]
  // The card written in Drill and the reverse card imported from Anki each have one review.
  expect(revlog).toHaveLength(2)
  expect(revlog).toContainEqual({
    id: T0 + 3_600_000,
    ease: 3,
    ivl: expect.any(Number),
    time: 40_000,
    type: 0,
  })
  const card = db.prepare('SELECT type, queue, due, ivl FROM cards WHERE reps > 0').get() as {
    type: number
    queue: number
    ivl: number
  }
  expect(card).toMatchObject({ type: 2, queue: 2 })
  expect(card.ivl).toBeGreaterThanOrEqual(1)
  const suspended = db.prepare('SELECT count(*) AS n FROM cards WHERE queue = -1').get() as { n: number }
  expect(suspended.n).toBe(1)
  db.close()
})

test('guids stay the same across exports; a Basic note from Anki keeps its own', async () => {
  const guids = (bytes: Uint8Array) => {
    const db = openCollection(bytes)
    const list = (db.prepare('SELECT guid FROM notes ORDER BY guid').all() as { guid: string }[]).map(
      (r) => r.guid,
    )
    db.close()
    return list
  }
  const first = guids((await exported('System Design::Idempotency')).bytes)
  expect(first).toEqual(['basic-guid-1'])
  const later = await exportDeckForAnki(db, {
    learnerId: 'alice',
    deckName: 'System Design',
    nowMs: NOW + 86_400_000,
  })
  if (later.kind !== 'exported') throw new Error('deck')
  expect(guids(later.bytes)).toEqual(guids((await exported('System Design')).bytes))
})

test('the image travels with the deck under its file name', async () => {
  const files = unzipSync((await exported('System Design::Idempotency')).bytes)
  expect(JSON.parse(new TextDecoder().decode(files.media))).toEqual({ 0: 'key.png' })
  const db = openCollection((await exported('System Design::Idempotency')).bytes)
  const flds = (db.prepare('SELECT flds FROM notes').get() as { flds: string }).flds
  expect(flds).toContain('<img src="key.png" />')
  db.close()
})

test('Drill imports its own export back unchanged: same cards, same logs, same states', async () => {
  const before = ankiRows(sqlite, 'alice')
  for (const deck of ['System Design', 'System Design::Idempotency']) {
    const result = await exported(deck)
    expect((await importBytes(db, 'alice', result.fileName, result.bytes, { nowMs: NOW + 5000 })).kind).toBe(
      'imported',
    )
  }
  const after = ankiRows(sqlite, 'alice')
  expect(after.ownCards).toEqual(before.ownCards)
  expect(after.reviewLogs).toEqual(before.reviewLogs)
  expect(after.cardStates).toEqual(before.cardStates)
  expect(after.media).toEqual(before.media)
})

test('another learner gets the same cards, point cards and their Markdown included', async () => {
  for (const deck of ['System Design', 'System Design::Idempotency']) {
    const result = await exported(deck)
    expect((await importBytes(db, 'bob', result.fileName, result.bytes)).kind).toBe('imported')
  }
  const cards = (learnerId: string) =>
    (ankiRows(sqlite, learnerId).ownCards as Record<string, unknown>[]).map(
      ({ learner_id: _l, created_at_ms: _c, updated_at_ms: _u, ...card }) => card,
    )
  expect(cards('bob')).toEqual(cards('alice'))
  const states = (learnerId: string) =>
    (ankiRows(sqlite, learnerId).cardStates as Record<string, unknown>[]).map(
      ({ learner_id: _l, ...state }) => state,
    )
  expect(states('bob')).toEqual(states('alice'))
})

test('no such deck', async () => {
  expect(await exportDeckForAnki(db, { learnerId: 'bob', deckName: 'System Design', nowMs: NOW })).toEqual({
    kind: 'deck-not-found',
  })
})

test('a built-in topic deck exports with its cards and this learner’s reviews of them, the same note ids each time', async () => {
  const topicCards = allCards().filter((card) => card.deck === 'idempotency')
  const graded = await gradeReview(
    db,
    [{ id: 'idempotency-keys', points: [{ id: 'claim-before-effect', text: 'c', critical: true }] }],
    {
      learnerId: 'alice',
      cardId: 'idempotency-keys',
      attemptToken: 't1',
      rating: 3,
      pointsTicked: ['claim-before-effect'],
      durationMs: 60_000,
      answerMode: 'spoken',
      nowMs: T0 + 7_200_000,
    },
    suggestRecallRating,
  )
  expect(graded.kind).toBe('graded')
  const result = await exportTopicForAnki(db, { learnerId: 'alice', deckId: 'idempotency', nowMs: NOW })
  if (result.kind !== 'exported') throw new Error('topic not found')
  expect(result).toMatchObject({ deckName: 'Idempotency keys', fileName: 'idempotency-keys.apkg' })
  expect(result.cards).toBe(topicCards.length)
  expect(result.reviews).toBe(1)
  const anki = openCollection(result.bytes)
  const notes = anki.prepare('SELECT id, flds FROM notes ORDER BY id').all() as { id: number; flds: string }[]
  expect(notes).toHaveLength(topicCards.length)
  expect(notes[0]?.flds).toContain('create-payment endpoint')
  const again = await exportTopicForAnki(db, { learnerId: 'alice', deckId: 'idempotency', nowMs: NOW + 1 })
  if (again.kind !== 'exported') throw new Error('topic not found')
  const ids = openCollection(again.bytes).prepare('SELECT id FROM notes ORDER BY id').all() as {
    id: number
  }[]
  expect(ids.map((row) => row.id)).toEqual(notes.map((note) => note.id))
})

test('no such topic', async () => {
  for (const deckId of ['sharding', 'own:system-design', ''])
    expect(await exportTopicForAnki(db, { learnerId: 'alice', deckId, nowMs: NOW })).toEqual({
      kind: 'deck-not-found',
    })
})
