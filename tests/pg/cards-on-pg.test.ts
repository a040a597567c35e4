// Goal: own cards, their Markdown files and Anki packages behave the same on PostgreSQL as on
// SQLite: the same test body over both adapters. Create, edit, delete; a Markdown import twice;
// an Anki package with its image (bytes in, the same bytes out), its history and states;
// the same package again changes no row; a deck exported for Anki imports back unchanged;
// a package big enough for the bulk writes to go in several statements.
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { migratePostgres } from '@/db/migrate-pg'
import { connectionConfig } from '@/db/pg'
import { mediaQueries } from '@/db/queries/media'
import { ownCardQueries } from '@/db/queries/own-cards'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { pgDb } from '@/db/sql/pg-db'
import { exportDeckForAnki } from '@/lib/anki/export'
import { cardIdOfAnkiCard } from '@/lib/anki/identity'
import type { AnkiImportResult } from '@/lib/anki/import'
import { importOwnCardFiles, ownCardsOf } from '@/lib/own-cards/import'
import { cardsToMarkdown } from '@/lib/own-cards/markdown-file'
import { createOwnCard, deleteOwnCard, updateOwnCard } from '@/lib/own-cards/service'
import { type FixtureNote, legacyPackage, modernPackage, PNG_1X1 } from '@/tests/anki/build'
import { addStudyLearner, freshStudyDb } from '@/tests/anki/learners'
import { importAsBeforeIssue38, noteTypesCollection } from '@/tests/anki/note-types'
import { importBytes } from '@/tests/anki/run'
import { sampleCollection, T0 } from '@/tests/anki/sample'
import { createTestDatabase, type TestDatabase } from './database'

const alice = '11111111-1111-4111-8111-111111111111'
const bob = '22222222-2222-4222-8222-222222222222'
const NOW = Date.UTC(2026, 2, 1)

let database: TestDatabase
let pool: pg.Pool
/** A second instance's pool on the same database. */
let otherPool: pg.Pool
beforeAll(async () => {
  database = await createTestDatabase('cards_pg')
  await migratePostgres(database.url)
  pool = new pg.Pool({ ...connectionConfig(database.url), max: 4 })
  otherPool = new pg.Pool({ ...connectionConfig(database.url), max: 4 })
})
afterAll(async () => {
  await pool?.end()
  await otherPool?.end()
  await database?.drop()
})

/** Empties the study tables the cards touch (one database serves every PostgreSQL test here). */
async function emptyPostgres(db: Db): Promise<void> {
  for (const table of ['review_logs', 'card_states', 'anki_card_links', 'learner_media', 'own_cards'])
    await db.run(`DELETE FROM ${table}`)
  await db.run('DELETE FROM learners')
}

/** The database, and how a second instance reaches it (SQLite: the same connection). */
const adapters: [string, () => Promise<{ db: Db; other: Db }>][] = [
  [
    'SQLite',
    async () => {
      const { db } = freshStudyDb()
      return { db, other: db }
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const db = pgDb(pool)
      await emptyPostgres(db)
      return { db, other: pgDb(otherPool) }
    },
  ],
]

/** Every row an import can touch, in an order both databases agree on. */
async function rowsOf(db: Db, learnerId: string) {
  const all = (table: string, order: string) =>
    db.all<Record<string, unknown>>(
      `SELECT * FROM ${table} WHERE learner_id = ? ORDER BY ${order}`,
      learnerId,
    )
  return {
    ownCards: await all('own_cards', 'created_at_ms, updated_at_ms'),
    links: await all('anki_card_links', 'note_id, ord'),
    media: await all('learner_media', 'sha256'),
    reviewLogs: await all('review_logs', 'id'),
    cardStates: await all('card_states', 'due_ms, last_review_ms, reps'),
  }
}

const imported = (result: AnkiImportResult) => {
  if (result.kind !== 'imported')
    throw new Error('error' in result ? `refused: ${result.error.message}` : result.kind)
  return result.summary
}

const cardInput = {
  title: 'Token bucket rate limiter',
  prompt: 'Design a rate limiter for a public API.',
  deck: 'Rate limiter',
  points: [
    { id: 'p1', text: 'Token bucket per client key', critical: true, cues: ['token bucket'] },
    { id: 'p2', text: 'Atomic refill and take in Redis', critical: false, cues: [] },
    { id: 'p3', text: 'Answer 429 with Retry-After', critical: false, cues: ['429'] },
  ],
  answerMarkdown: 'Refill, then take.',
}

const byId = <T extends { id: string }>(list: T[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1))

describe.each(adapters)('on %s', (_name, open) => {
  let db: Db
  let other: Db
  beforeEach(async () => {
    ;({ db, other } = await open())
    await addStudyLearner(db, alice, { settings: true })
    await addStudyLearner(db, bob, { settings: true })
  })

  test('create, edit and delete an own card; ids stay unique; another learner cannot touch it', async () => {
    expect(await createOwnCard(db, alice, cardInput, T0)).toEqual({
      kind: 'saved',
      id: 'token-bucket-rate-limiter',
    })
    expect(await createOwnCard(db, alice, cardInput, T0)).toEqual({
      kind: 'saved',
      id: 'token-bucket-rate-limiter-2',
    })
    const id = 'token-bucket-rate-limiter'
    expect(await updateOwnCard(db, bob, id, { ...cardInput, prompt: 'Hijacked prompt text' }, T0)).toEqual({
      kind: 'not-found',
    })
    expect(
      await updateOwnCard(db, alice, id, { ...cardInput, prompt: 'Design a distributed limiter.' }, T0 + 1),
    ).toEqual({ kind: 'saved', id })
    const card = await ownCardQueries(db).getOwnCardByLearnerAndId({ learnerId: alice, cardId: id })
    expect(card).toMatchObject({
      prompt: 'Design a distributed limiter.',
      suspended: false,
      format: 'markdown',
    })
    expect(card?.points).toEqual(cardInput.points)
    expect(await deleteOwnCard(db, bob, id)).toBe(false)
    expect(await deleteOwnCard(db, alice, id)).toBe(true)
    expect(await ownCardQueries(db).countOwnCardsByLearnerId(alice)).toBe(1)
  })

  test('a Markdown import twice changes nothing; its export imports into another learner unchanged', async () => {
    await createOwnCard(db, alice, cardInput, T0)
    const file = { name: 'cards.md', text: cardsToMarkdown(await ownCardsOf(db, alice)) }
    expect(await importOwnCardFiles(db, bob, [file], T0)).toEqual({
      kind: 'imported',
      summary: { added: 1, updated: 0, unchanged: 0 },
    })
    const before = await rowsOf(db, bob)
    expect(await importOwnCardFiles(db, bob, [file], T0 + 60_000)).toEqual({
      kind: 'imported',
      summary: { added: 0, updated: 0, unchanged: 1 },
    })
    expect(await rowsOf(db, bob)).toEqual(before)
    expect(await ownCardsOf(db, bob)).toEqual(await ownCardsOf(db, alice))
  })

  test('an Anki package: cards, image bytes, history and states; the same package again changes no row', async () => {
    const bytes = await modernPackage(sampleCollection)
    const first = imported(await importBytes(db, alice, 'system-design.apkg', bytes, { nowMs: NOW }))
    expect(first).toMatchObject({ cards: 9, reviews: 5, media: 1, skipped: [] })
    const basic = await ownCardQueries(db).getOwnCardByLearnerAndId({
      learnerId: alice,
      cardId: cardIdOfAnkiCard('basic-guid-1', 0),
    })
    const mediaId = /src="\/api\/media\/([0-9a-f]{32})"/.exec(basic?.prompt ?? '')?.[1] ?? ''
    const stored = await mediaQueries(db).getMediaBytesByLearnerAndId({ learnerId: alice, mediaId })
    expect(stored?.mimeType).toBe('image/png')
    expect(Buffer.isBuffer(stored?.bytes)).toBe(true)
    expect(new Uint8Array(stored?.bytes ?? [])).toEqual(PNG_1X1)
    const reverse = await ownCardQueries(db).getOwnCardByLearnerAndId({
      learnerId: alice,
      cardId: cardIdOfAnkiCard('reversed-guid-2', 1),
    })
    expect(reverse?.suspended).toBe(true)
    const state = await studyQueries(db).getCardStateByLearnerAndCardId({
      learnerId: alice,
      cardId: cardIdOfAnkiCard('basic-guid-1', 0),
    })
    expect(state?.reps).toBe(4)
    expect(typeof state?.stability).toBe('number')
    const rows = await rowsOf(db, alice)
    expect(rows.reviewLogs).toHaveLength(5)
    const second = imported(
      await importBytes(db, alice, 'system-design.apkg', bytes, { nowMs: NOW + 86_400_000 }),
    )
    expect(second).toEqual(first)
    expect(await rowsOf(db, alice)).toEqual(rows)
  })

  test('the same package uploaded to two instances at once lands once (the learner lock)', async () => {
    const bytes = await modernPackage(sampleCollection)
    const [a, b] = await Promise.all([
      importBytes(db, alice, 'a.apkg', bytes, { nowMs: NOW }),
      importBytes(other, alice, 'b.apkg', bytes, { nowMs: NOW }),
    ])
    expect(imported(a)).toEqual(imported(b))
    const together = await rowsOf(db, alice)
    expect(together.ownCards).toHaveLength(9)
    expect(together.media).toHaveLength(1)
    expect(together.reviewLogs).toHaveLength(5)
    imported(await importBytes(db, bob, 'alone.apkg', bytes, { nowMs: NOW }))
    const alone = await rowsOf(db, bob)
    const counts = (rows: typeof alone) => Object.values(rows).map((list) => list.length)
    expect(counts(together)).toEqual(counts(alone))
  })

  test('a deck exported for Anki imports back into another learner: same cards, reviews and states', async () => {
    imported(await importBytes(db, alice, 'sample.apkg', legacyPackage(sampleCollection), { nowMs: NOW }))
    const exported = await exportDeckForAnki(db, { learnerId: alice, deckName: 'System Design', nowMs: NOW })
    if (exported.kind !== 'exported') throw new Error('deck not found')
    expect(exported).toMatchObject({ cards: 8, deckName: 'System Design' })
    const back = imported(await importBytes(db, bob, exported.fileName, exported.bytes, { nowMs: NOW }))
    expect(back.cards).toBe(8)
    const strip = async (learnerId: string) =>
      byId(await ownCardsOf(db, learnerId)).filter((card) => card.deck === 'System Design')
    expect(await strip(bob)).toEqual(await strip(alice))
    const ratings = async (learnerId: string) =>
      (await rowsOf(db, learnerId)).reviewLogs.map((log) => [log.card_id, log.rating, log.reviewed_at_ms])
    const aliceDeckIds = new Set((await strip(alice)).map((card) => card.id))
    expect(await ratings(bob)).toEqual(
      (await ratings(alice)).filter(([cardId]) => aliceDeckIds.has(cardId as string)),
    )
    const states = async (learnerId: string) =>
      (await studyQueries(db).listCardStatesByLearnerId({ learnerId }))
        .filter((state) => aliceDeckIds.has(state.cardId))
        .map(({ cardId: _id, ...state }) => state)
        .sort((a, b) => a.dueMs - b.dueMs || a.reps - b.reps)
    expect(await states(bob)).toEqual(await states(alice))
    expect(await deckOfExport(db)).toEqual({ kind: 'deck-not-found' })
  })

  test('a big package goes in several bulk statements and twice is still one of each row', async () => {
    const notes: FixtureNote[] = Array.from({ length: 1_200 }, (_, i) => ({
      guid: `bulk-${i}`,
      type: 'basic' as const,
      deck: 'Bulk',
      fields: [`Question number ${i} about retries?`, `Answer ${i}`],
      reviews: [0, 1].map((k) => ({
        atMs: T0 + k * 7 * 86_400_000 + i * 1000,
        ease: 3,
        type: k === 0 ? 0 : 1,
      })),
    }))
    const bytes = await modernPackage({ notes })
    expect(imported(await importBytes(db, alice, 'bulk.apkg', bytes, { nowMs: NOW }))).toMatchObject({
      cards: 1_200,
      reviews: 2_400,
    })
    const rows = await rowsOf(db, alice)
    expect([rows.ownCards.length, rows.links.length, rows.reviewLogs.length, rows.cardStates.length]).toEqual(
      [1_200, 1_200, 2_400, 1_200],
    )
    imported(await importBytes(db, alice, 'bulk.apkg', bytes, { nowMs: NOW + 1 }))
    expect(await rowsOf(db, alice)).toEqual(rows)
  })
  test("note types of one's own: every card with its history; an import from before issue 38 gains the missing cards once", async () => {
    await importAsBeforeIssue38(db, alice, NOW)
    const before = await rowsOf(db, alice)
    expect(before.ownCards).toHaveLength(4)
    const summary = imported(
      await importBytes(db, alice, 'words.apkg', await modernPackage(noteTypesCollection), {
        nowMs: NOW + 1,
      }),
    )
    expect(summary).toMatchObject({ cards: 8, reviews: 7, skipped: [] })
    const after = await rowsOf(db, alice)
    expect(after.ownCards).toHaveLength(8)
    expect(after.reviewLogs).toHaveLength(7)
    // What was there stays: the same review rows, the first cards' ids.
    expect(after.reviewLogs.filter((log) => before.reviewLogs.some((old) => old.id === log.id))).toEqual(
      before.reviewLogs,
    )
    const ids = after.ownCards.map((card) => card.id)
    for (const card of before.ownCards) expect(ids).toContain(card.id)
    const spell = await ownCardQueries(db).getOwnCardByLearnerAndId({
      learnerId: alice,
      cardId: cardIdOfAnkiCard('vocab-guid-1', 2),
    })
    expect(spell?.prompt).toBe('<b>Spell</b>: Gives the same result when applied twice')
    imported(
      await importBytes(db, alice, 'words.apkg', await modernPackage(noteTypesCollection), {
        nowMs: NOW + 2,
      }),
    )
    expect(await rowsOf(db, alice)).toEqual(after)
  })
})

function deckOfExport(db: Db) {
  return exportDeckForAnki(db, { learnerId: bob, deckName: 'No such deck', nowMs: NOW })
}
