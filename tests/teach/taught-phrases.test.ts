// Goal: phrases a learner teaches the grader ("This is where I said it") are stored per learner on
// both databases, checked before anything is stored, heard by POST /api/grade/suggest's use case on
// the card taught and on another card whose point shares the concept (never for another learner, never
// inside a wrong design), removed from /settings, and carried by the study-state export and import.
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { migratePostgres } from '@/db/migrate-pg'
import { connectionConfig } from '@/db/pg'
import { taughtPhraseQueries } from '@/db/queries/taught-phrases'
import type { Db } from '@/db/sql/db'
import { pgDb } from '@/db/sql/pg-db'
import type { DeckRegistry } from '@/lib/decks'
import { studyDecks } from '@/lib/review'
import { suggestGradeFor } from '@/lib/review/suggest-grade'
import { forgetTaughtPhrase, taughtPhraseViews, teachGrader } from '@/lib/review/teach-grader'
import { exportStudyState } from '@/lib/transfer/export'
import { importStudyState } from '@/lib/transfer/import'
import { addStudyLearner, freshStudyDb } from '@/tests/anki/learners'
import { createTestDatabase, type TestDatabase } from '@/tests/pg/database'

const alice = '11111111-1111-4111-8111-111111111111'
const bob = '22222222-2222-4222-8222-222222222222'
const NOW = Date.UTC(2026, 2, 1)
// Words no rubric or thesaurus knows: the grader hears nothing in them until they are taught.
const PHRASE = 'we pencil the ticket into the ledger before the money moves'
const ANSWER = `First ${PHRASE}. Then the processor is asked to take the money.`
const teachClaim = {
  cardId: 'idempotency-keys',
  pointId: 'claim-before-effect',
  phrase: PHRASE,
  answer: ANSWER,
}

let database: TestDatabase
let pool: pg.Pool
let decks: DeckRegistry
beforeAll(async () => {
  decks = await studyDecks()
  database = await createTestDatabase('taught_pg')
  await migratePostgres(database.url)
  pool = new pg.Pool({ ...connectionConfig(database.url), max: 4 })
})
afterAll(async () => {
  await pool?.end()
  await database?.drop()
})

const adapters: [string, () => Promise<Db>][] = [
  ['SQLite', async () => freshStudyDb().db],
  [
    'PostgreSQL',
    async () => {
      const db = pgDb(pool)
      await db.run('DELETE FROM taught_phrases')
      await db.run('DELETE FROM review_logs')
      await db.run('DELETE FROM card_states')
      await db.run('DELETE FROM learner_settings')
      await db.run('DELETE FROM learners')
      return db
    },
  ],
]

async function heard(db: Db, learnerId: string, cardId: string, text: string) {
  const result = await suggestGradeFor(db, decks, learnerId, { cardId, text })
  if (result.kind !== 'suggested') throw new Error(result.kind)
  return result.points
}

describe.each(adapters)('taught phrases on %s', (_name, open) => {
  test('a taught phrase hears its point, and a point sharing its concept on another card, for that learner only', async () => {
    const db = await open()
    await addStudyLearner(db, alice)
    await addStudyLearner(db, bob)
    const other = 'provider-outside-transaction'
    expect(
      (await heard(db, alice, 'idempotency-keys', ANSWER)).find((p) => p.id === 'claim-before-effect'),
    ).toMatchObject({ heard: false })

    const result = await teachGrader(db, decks, { learnerId: alice, nowMs: NOW }, teachClaim)
    expect(result).toEqual({
      kind: 'taught',
      taught: { cardId: 'idempotency-keys', pointId: 'claim-before-effect', phrase: PHRASE, concept: 'hash' },
    })
    // Taught twice: stored once.
    await teachGrader(db, decks, { learnerId: alice, nowMs: NOW + 1 }, teachClaim)
    expect(await taughtPhraseQueries(db).listTaughtPhrasesByLearnerId({ learnerId: alice })).toEqual([
      { ...(result.kind === 'taught' && result.taught), createdAtMs: NOW },
    ])

    const later = 'Our server will pencil the ticket into the ledger before the money moves, every time.'
    const same = (await heard(db, alice, 'idempotency-keys', later)).find(
      (p) => p.id === 'claim-before-effect',
    )
    expect(same).toMatchObject({ heard: true, contradiction: null })
    // The evidence is the phrasing in the new answer.
    expect(same?.evidence.map((e) => later.slice(e.start, e.end))).toEqual([
      'pencil the ticket into the ledger before the money moves',
    ])
    expect(
      (await heard(db, alice, other, later)).find((p) => p.id === 'claim-committed-first'),
    ).toMatchObject({
      heard: true,
    })
    expect(
      (await heard(db, bob, 'idempotency-keys', later)).find((p) => p.id === 'claim-before-effect'),
    ).toMatchObject({ heard: false })
  })

  test('a taught phrase never makes the critical point heard inside a wrong design', async () => {
    const db = await open()
    await addStudyLearner(db, alice)
    await teachGrader(db, decks, { learnerId: alice, nowMs: NOW }, teachClaim)
    const wrong = `We call the provider first, then insert the key. Also ${PHRASE}.`
    const claim = (await heard(db, alice, 'idempotency-keys', wrong)).find(
      (p) => p.id === 'claim-before-effect',
    )
    expect(claim?.heard).toBe(false)
    expect(claim?.contradiction).not.toBeNull()
  })

  test('bad input is refused with the reason and stores nothing', async () => {
    const db = await open()
    await addStudyLearner(db, alice)
    const long = `${'word '.repeat(70)}end`
    const cases = [
      [{ ...teachClaim, phrase: '' }, 'phrase'],
      [{ ...teachClaim, phrase: '  ,.  ' }, 'phrase'],
      [{ ...teachClaim, phrase: 'we sign a contract with the bank' }, 'phrase'],
      [{ ...teachClaim, phrase: long, answer: long }, 'phrase'],
      [{ ...teachClaim, cardId: 'no-such-card' }, 'cardId'],
      [{ ...teachClaim, pointId: 'no-such-point' }, 'pointId'],
    ] as const
    for (const [input, field] of cases) {
      const result = await teachGrader(db, decks, { learnerId: alice, nowMs: NOW }, input)
      expect(result).toMatchObject({ kind: 'invalid', field })
      if (result.kind === 'invalid') expect(result.message.length).toBeGreaterThan(10)
    }
    expect(await taughtPhraseQueries(db).listTaughtPhrasesByLearnerId({ learnerId: alice })).toEqual([])
  })

  test('settings list each phrase with its card and point; Remove forgets it', async () => {
    const db = await open()
    await addStudyLearner(db, alice)
    await teachGrader(db, decks, { learnerId: alice, nowMs: NOW }, teachClaim)
    const [view] = await taughtPhraseViews(db, decks, alice)
    expect(view).toMatchObject({ phrase: PHRASE, cardTitle: 'Idempotency keys for a payment API' })
    expect(view?.pointText).toMatch(/^The key is claimed with one atomic insert/)
    expect(await forgetTaughtPhrase(db, alice, teachClaim)).toBe(true)
    expect(await forgetTaughtPhrase(db, alice, teachClaim)).toBe(false)
    expect(await taughtPhraseViews(db, decks, alice)).toEqual([])
    expect(
      (await heard(db, alice, 'idempotency-keys', ANSWER)).find((p) => p.id === 'claim-before-effect'),
    ).toMatchObject({ heard: false })
  })

  test('the export carries them; importing it twice stores them once', async () => {
    const db = await open()
    await addStudyLearner(db, alice, { settings: true })
    await addStudyLearner(db, bob)
    await teachGrader(db, decks, { learnerId: alice, nowMs: NOW }, teachClaim)
    const file = await exportStudyState(db, alice, NOW + 1000)
    expect(file.taughtPhrases).toEqual([
      {
        cardId: 'idempotency-keys',
        pointId: 'claim-before-effect',
        phrase: PHRASE,
        concept: 'hash',
        createdAtMs: NOW,
      },
    ])
    const text = JSON.stringify(file)
    expect(await importStudyState(db, bob, text)).toMatchObject({ summary: { taughtPhrasesAdded: 1 } })
    expect(await importStudyState(db, bob, text)).toMatchObject({ summary: { taughtPhrasesAdded: 0 } })
    expect(await taughtPhraseQueries(db).listTaughtPhrasesByLearnerId({ learnerId: bob })).toEqual(
      file.taughtPhrases,
    )
    // An export from before the field: nothing of bob's is lost.
    const { taughtPhrases: _, ...older } = file
    await importStudyState(db, bob, JSON.stringify(older))
    expect(await taughtPhraseViews(db, decks, bob)).toHaveLength(1)
  })
})
