import { Rating } from 'ts-fsrs'
import { beforeEach, describe, expect, test } from 'vitest'
import type { Sqlite } from '@/db/open'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { disabledDecksOf, saveDisabledDecks } from '@/lib/decks/settings'
import { CSV_COLUMNS, exportStudyState, reviewLogCsv } from '@/lib/transfer/export'
import { importStudyState } from '@/lib/transfer/import'
import { studyRows } from '@/tests/review/rows'
import { addLearner, freshDatabase, recordReview } from './testing'

const day = 86_400_000
const t0 = Date.UTC(2026, 10, 2, 9, 0) // Mon 2 Nov 2026, 09:00 UTC
const points = ['claim-first', 'scope-per-account', 'store-response', 'body-hash', 'lease']

let sqlite: Sqlite
let db: Db
const alice = '11111111-1111-4111-8111-111111111111'
const bob = '22222222-2222-4222-8222-222222222222'

async function seedAlice() {
  await studyQueries(db).saveLearnerSettings({
    learnerId: alice,
    desiredRetention: 0.85,
    newPerDay: 5,
    reviewsPerDay: 50,
    sameDaySteps: true,
    rolloverHour: 3,
    timezone: 'Europe/Berlin',
    updatedAtMs: t0,
  })
  await recordReview(db, alice, {
    cardId: 'idempotency-keys',
    rating: Rating.Again,
    nowMs: t0,
    pointsAll: points,
    pointsTicked: points.slice(1),
  })
  await recordReview(db, alice, {
    cardId: 'idempotency-keys',
    rating: Rating.Good,
    nowMs: t0 + day,
    pointsAll: points,
    pointsTicked: points,
  })
  await recordReview(db, alice, {
    cardId: 'retry-storms',
    rating: Rating.Hard,
    nowMs: t0 + day + 60_000,
    pointsAll: ['jitter', 'budget'],
    pointsTicked: ['jitter'],
  })
}

function withoutExportTime<T extends { exportedAtMs: number }>(file: T): Omit<T, 'exportedAtMs'> {
  const { exportedAtMs: _at, ...rest } = file
  return rest
}

beforeEach(async () => {
  sqlite = freshDatabase()
  db = sqliteDb(sqlite)
  await addLearner(db, alice)
  await addLearner(db, bob)
  await seedAlice()
})

describe('export', () => {
  test('holds the format version, settings, every card state and every review log', async () => {
    const file = await exportStudyState(db, alice, t0 + 2 * day)
    expect(file).toMatchObject({ format: 'drill-study-state', version: 1, exportedAtMs: t0 + 2 * day })
    expect(file.settings).toMatchObject({
      desiredRetention: 0.85,
      timezone: 'Europe/Berlin',
      sameDaySteps: true,
    })
    expect(file.cardStates.map((c) => c.cardId)).toEqual(['idempotency-keys', 'retry-storms'])
    expect(file.reviewLogs.map((l) => l.rating)).toEqual([Rating.Again, Rating.Good, Rating.Hard])
    expect(file.reviewLogs[0]?.pointsTicked).toEqual(points.slice(1))
    expect(file.reviewLogs[0]?.snapshot).toBeNull()
    expect(file.reviewLogs[1]?.snapshot).toMatchObject({ reps: 1 })
  })

  test('never includes another learner’s rows', async () => {
    await recordReview(db, bob, {
      cardId: 'bob-card',
      rating: Rating.Good,
      nowMs: t0,
      pointsAll: [],
      pointsTicked: [],
    })
    const file = await exportStudyState(db, alice, t0)
    expect(file.cardStates.map((c) => c.cardId)).not.toContain('bob-card')
    expect(file.reviewLogs).toHaveLength(3)
  })

  test('CSV has the optimizer’s columns and one row per review, times and durations in ms', async () => {
    const csv = reviewLogCsv(await exportStudyState(db, alice, t0))
    const lines = csv.trimEnd().split('\n')
    expect(lines[0]).toBe('card_id,review_time,review_rating,review_state,review_duration')
    expect(lines[0]?.split(',')).toEqual([...CSV_COLUMNS])
    expect(lines.slice(1)).toEqual([
      `idempotency-keys,${t0},1,0,30000`,
      // Alice has same-day steps on: after Again a new card is in the learning state (1).
      `idempotency-keys,${t0 + day},3,1,30000`,
      `retry-storms,${t0 + day + 60_000},2,0,30000`,
    ])
  })
})

describe('import', () => {
  test('export → import into a fresh learner reproduces the same state', async () => {
    const original = await exportStudyState(db, alice, t0 + 2 * day)
    const result = await importStudyState(db, bob, JSON.stringify(original))
    expect(result).toEqual({
      kind: 'imported',
      summary: {
        reviewLogsAdded: 3,
        reviewLogsAlreadyThere: 0,
        cardStatesAdded: 2,
        cardStatesUpdated: 0,
        cardStatesKept: 0,
        settingsChanged: true,
        ownCardsAdded: 0,
        ownCardsUpdated: 0,
        taughtPhrasesAdded: 0,
      },
    })
    expect(withoutExportTime(await exportStudyState(db, bob, t0 + 3 * day))).toEqual(
      withoutExportTime(original),
    )
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ learner_id: _l, id: _i, ...rest }) => rest)
    const a = studyRows(sqlite, alice)
    const b = studyRows(sqlite, bob)
    expect(strip(b.settings as Record<string, unknown>[])).toEqual(
      strip(a.settings as Record<string, unknown>[]),
    )
    expect(strip(b.cardStates as Record<string, unknown>[])).toEqual(
      strip(a.cardStates as Record<string, unknown>[]),
    )
    expect(strip(b.reviewLogs as Record<string, unknown>[])).toEqual(
      strip(a.reviewLogs as Record<string, unknown>[]),
    )
  })

  test('importing the same file twice changes nothing the second time', async () => {
    const text = JSON.stringify(await exportStudyState(db, alice, t0))
    await importStudyState(db, bob, text)
    const afterFirst = studyRows(sqlite, bob)
    const second = await importStudyState(db, bob, text)
    expect(second).toEqual({
      kind: 'imported',
      summary: {
        reviewLogsAdded: 0,
        reviewLogsAlreadyThere: 3,
        cardStatesAdded: 0,
        cardStatesUpdated: 0,
        cardStatesKept: 2,
        settingsChanged: false,
        ownCardsAdded: 0,
        ownCardsUpdated: 0,
        taughtPhrasesAdded: 0,
      },
    })
    expect(studyRows(sqlite, bob)).toEqual(afterFirst)
  })

  test('carries the deck switches: drills switched off stay off after an import', async () => {
    await saveDisabledDecks(db, alice, ['timeline-drills'], t0)
    const file = await exportStudyState(db, alice, t0 + 2 * day)
    expect(file.settings?.disabledDecks).toEqual(['timeline-drills'])
    await importStudyState(db, bob, JSON.stringify(file))
    expect([...(await disabledDecksOf(db, bob))]).toEqual(['timeline-drills'])
    // The same switches again: nothing to change.
    const again = await importStudyState(db, bob, JSON.stringify(file))
    expect(again.kind === 'imported' && again.summary.settingsChanged).toBe(false)
  })

  test('a file from before deck switches leaves the importing learner’s switches as they are', async () => {
    await saveDisabledDecks(db, bob, ['timeline-drills'], t0)
    const file = await exportStudyState(db, alice, t0 + 2 * day)
    const { disabledDecks: _none, ...older } = file.settings!
    await importStudyState(db, bob, JSON.stringify({ ...file, settings: older }))
    expect([...(await disabledDecksOf(db, bob))]).toEqual(['timeline-drills'])
    expect((await exportStudyState(db, bob, t0 + 3 * day)).settings?.timezone).toBe('Europe/Berlin')
  })

  test('importing a learner’s own export into themself is a no-op', async () => {
    const before = studyRows(sqlite, alice)
    await importStudyState(db, alice, JSON.stringify(await exportStudyState(db, alice, t0)))
    expect(studyRows(sqlite, alice)).toEqual(before)
  })

  test('a later review already here wins over an older state in the file; logs are merged', async () => {
    const older = JSON.stringify(await exportStudyState(db, alice, t0))
    await recordReview(db, bob, {
      cardId: 'idempotency-keys',
      rating: Rating.Easy,
      nowMs: t0 + 5 * day,
      pointsAll: points,
      pointsTicked: points,
      attemptToken: 'bob-own-review',
    })
    const bobState = studyRows(sqlite, bob).cardStates
    const result = await importStudyState(db, bob, older)
    expect(result.kind === 'imported' && result.summary).toMatchObject({
      cardStatesAdded: 1,
      cardStatesKept: 1,
      reviewLogsAdded: 3,
    })
    const after = studyRows(sqlite, bob)
    expect(
      after.cardStates.filter((row) => (row as { card_id: string }).card_id === 'idempotency-keys'),
    ).toEqual(bobState)
    expect(after.reviewLogs).toHaveLength(4)
  })

  test('a newer state in the file replaces an older one here', async () => {
    await recordReview(db, bob, {
      cardId: 'idempotency-keys',
      rating: Rating.Good,
      nowMs: t0 - 5 * day,
      pointsAll: points,
      pointsTicked: points,
      attemptToken: 'bob-older-review',
    })
    const result = await importStudyState(db, bob, JSON.stringify(await exportStudyState(db, alice, t0)))
    expect(result.kind === 'imported' && result.summary).toMatchObject({
      cardStatesUpdated: 1,
      cardStatesAdded: 1,
    })
    const stateOf = async (learner: string) =>
      (await exportStudyState(db, learner, t0)).cardStates.find((c) => c.cardId === 'idempotency-keys')
    expect(await stateOf(bob)).toEqual(await stateOf(alice))
  })

  test('a review already here under another attempt token (same card, same time) is not doubled', async () => {
    const file = await exportStudyState(db, alice, t0)
    for (const log of file.reviewLogs) log.attemptToken = `${log.attemptToken}-elsewhere`
    const result = await importStudyState(db, alice, JSON.stringify(file))
    expect(result.kind === 'imported' && result.summary.reviewLogsAdded).toBe(0)
  })
})

describe('a bad file is rejected and nothing is written', () => {
  async function expectNothingWritten(text: string) {
    const before = studyRows(sqlite, bob)
    const result = await importStudyState(db, bob, text)
    expect(studyRows(sqlite, bob)).toEqual(before)
    return result
  }

  test('a truncated file', async () => {
    const text = JSON.stringify(await exportStudyState(db, alice, t0))
    const result = await expectNothingWritten(text.slice(0, Math.floor(text.length * 0.6)))
    expect(result).toMatchObject({ kind: 'invalid', title: 'Not a Drill export' })
    expect(result.kind === 'invalid' && result.detail).toMatch(/not valid JSON.*cut short/)
  })

  test('a file whose last review has an impossible rating (earlier rows valid)', async () => {
    const file = await exportStudyState(db, alice, t0)
    ;(file.reviewLogs[2] as { rating: number }).rating = 7
    const result = await expectNothingWritten(JSON.stringify(file))
    expect(result).toMatchObject({ kind: 'invalid', title: 'Invalid export file' })
    expect(result.kind === 'invalid' && result.issues[0]?.path).toBe('reviewLogs.2.rating')
  })

  test('JSON that is not an export, and an export from a future version', async () => {
    expect(await expectNothingWritten('{"hello":"world"}')).toMatchObject({
      kind: 'invalid',
      title: 'Not a Drill export',
    })
    const future = { ...(await exportStudyState(db, alice, t0)), version: 2 }
    const result = await expectNothingWritten(JSON.stringify(future))
    expect(result).toMatchObject({ kind: 'invalid', title: 'Unsupported export version' })
  })

  test('a write that fails half-way rolls the whole import back', async () => {
    // A trigger stands in for any failure after some rows were written (disk full, a constraint).
    sqlite.exec(`CREATE TRIGGER fail_on_boom BEFORE INSERT ON review_logs WHEN NEW.card_id = 'boom'
                 BEGIN SELECT RAISE(ABORT, 'simulated failure'); END`)
    const file = await exportStudyState(db, alice, t0)
    file.reviewLogs.push({
      ...file.reviewLogs[0]!,
      cardId: 'boom',
      attemptToken: 'boom-1',
      reviewedAtMs: t0 + 9,
    })
    const before = studyRows(sqlite, bob)
    await expect(importStudyState(db, bob, JSON.stringify(file))).rejects.toThrow(/simulated failure/)
    expect(studyRows(sqlite, bob)).toEqual(before)
  })
})
