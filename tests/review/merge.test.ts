// Merging, not overwriting: two devices graded one card offline and sync in any order;
// the card's state is the one grading all the logs in time order gives, and every log stays.
import fc from 'fast-check'
import { beforeEach, describe, expect, test } from 'vitest'
import type { Sqlite } from '@/db/open'
import { studyQueries } from '@/db/queries/study'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { allCards } from '@/lib/content/cards'
import { gradeReview, settingsForLearner } from '@/lib/review'
import { gradeFingerprint } from '@/lib/review/grade-key'
import { submitGrade } from '@/lib/review/submit-grade'
import { inTimeOrder, replayGrades } from '@/lib/srs/replay'
import { type GradeRating, suggestRecallRating } from '@/lib/srs/rubric'
import { propertySeed, seedLabel } from '@/tests/property-seed'
import { addLearner, deck, fivePointCard, freshDatabase, reviewLogCount } from './fixtures'

const alice = '11111111-1111-4111-8111-111111111111'
const t0 = Date.parse('2026-03-10T10:00:00Z')
const HOUR = 3_600_000

interface DeviceGrade {
  key: string
  reviewedAtMs: number
  rating: GradeRating
}

function sync(sqlite: Sqlite, grade: DeviceGrade, nowMs: number, cardId = fivePointCard.id) {
  const body = {
    cardId,
    rating: grade.rating,
    pointsTicked: [],
    durationMs: 10_000,
    answerMode: 'aloud' as const,
    reviewedAt: new Date(grade.reviewedAtMs).toISOString(),
  }
  return gradeReview(
    sqliteDb(sqlite),
    deck,
    {
      learnerId: alice,
      cardId,
      attemptToken: grade.key,
      rating: grade.rating,
      pointsTicked: [],
      durationMs: 10_000,
      answerMode: 'aloud',
      nowMs,
      reviewedAtMs: grade.reviewedAtMs,
      key: { key: grade.key, fingerprint: gradeFingerprint(body) },
    },
    suggestRecallRating,
  )
}

const ratingArb = fc.constantFrom<GradeRating>(1, 2, 3, 4)
/** Distinct review times over ten days, split between two devices, each device's queue in its own order. */
const twoDevicesArb = fc
  .uniqueArray(fc.integer({ min: 0, max: 240 }), { minLength: 2, maxLength: 8 })
  .chain((hours) =>
    fc.record({
      grades: fc.tuple(...hours.map((h) => fc.tuple(fc.constant(h), ratingArb, fc.boolean()))),
      // The order the two queues arrive in: true = take the next of device A.
      arrival: fc.array(fc.boolean(), { minLength: hours.length, maxLength: hours.length }),
    }),
  )

const seed = propertySeed(20261201)

describe('merging two devices', () => {
  let sqlite: Sqlite
  beforeEach(() => {
    sqlite = freshDatabase()
    addLearner(sqlite, alice)
  })

  test(`any interleaving of two devices' logs → the state grading them in time order gives ${seedLabel(seed)}`, async () => {
    await fc.assert(
      fc.asyncProperty(twoDevicesArb, async ({ grades, arrival }) => {
        sqlite = freshDatabase()
        addLearner(sqlite, alice)
        const all: (DeviceGrade & { device: 'A' | 'B' })[] = grades.map(([h, rating, onA], i) => ({
          key: `review-${i}-0000`,
          reviewedAtMs: t0 + h * HOUR,
          rating,
          device: onA ? 'A' : 'B',
        }))
        // Each device queues its grades in the order it made them.
        const queues = {
          A: inTimeOrder(all.filter((g) => g.device === 'A')),
          B: inTimeOrder(all.filter((g) => g.device === 'B')),
        }
        const nowMs = t0 + 250 * HOUR
        for (const takeA of arrival) {
          const next = (takeA ? queues.A : queues.B).shift() ?? (takeA ? queues.B : queues.A).shift()
          if (next) expect((await sync(sqlite, next, nowMs)).kind).toBe('graded')
        }
        const settings = await settingsForLearner(sqliteDb(sqlite), alice)
        const expected = replayGrades(fivePointCard.id, null, inTimeOrder(all), settings).at(-1)!.after
        const stored = await studyQueries(sqliteDb(sqlite)).getCardStateByLearnerAndCardId({
          learnerId: alice,
          cardId: fivePointCard.id,
        })
        expect(stored).toEqual({ cardId: fivePointCard.id, ...expected })
        expect(reviewLogCount(sqlite, alice)).toBe(all.length)
      }),
      { seed, numRuns: 150 },
    )
  })

  test('each later log is rewritten: its snapshot is the merged card before it, so Undo stays exact', async () => {
    expect(
      await sync(sqlite, { key: 'late-device-b-01', reviewedAtMs: t0 + 2 * HOUR, rating: 3 }, t0 + 3 * HOUR),
    ).toMatchObject({
      kind: 'graded',
      merged: false,
    })
    const early = await sync(sqlite, { key: 'early-device-a-1', reviewedAtMs: t0, rating: 1 }, t0 + 4 * HOUR)
    expect(early).toMatchObject({ kind: 'graded', merged: true })
    const logs = await studyQueries(sqliteDb(sqlite)).listReviewsOfCardAfter({
      learnerId: alice,
      cardId: fivePointCard.id,
      afterMs: 0,
    })
    expect(logs.map((l) => l.attemptToken)).toEqual(['early-device-a-1', 'late-device-b-01'])
    expect(logs[0]!.snapshot).toBeNull()
    expect(JSON.parse(logs[1]!.snapshot!)).toMatchObject({ lastReviewMs: t0 })
  })

  test('over HTTP (device times, corrected): a grade made before the card’s latest review merges before it', async () => {
    // Device A graded at t0 and device B at t0 + 2 h; B syncs first. A's clock is 16 hours behind:
    // its sentAt − reviewedAt (4 h) still places its review at t0 on the server's clock.
    const cardId = allCards()[0]!.id
    const db = sqliteDb(sqlite)
    const grade = (rating: GradeRating, reviewedAtMs: number, sentAtMs: number) => ({
      cardId,
      rating,
      pointsTicked: [],
      durationMs: 10_000,
      answerMode: 'aloud' as const,
      reviewedAt: new Date(reviewedAtMs).toISOString(),
      sentAt: new Date(sentAtMs).toISOString(),
    })
    const late = await submitGrade(
      db,
      { learnerId: alice, nowMs: t0 + 3 * HOUR, key: 'late-device-b-01' },
      grade(3, t0 + 2 * HOUR, t0 + 3 * HOUR),
    )
    expect(late).toMatchObject({ kind: 'graded', merged: false, reviewedAtMs: t0 + 2 * HOUR })
    const behind = 16 * HOUR
    const early = await submitGrade(
      db,
      { learnerId: alice, nowMs: t0 + 4 * HOUR, key: 'early-device-a-1' },
      grade(1, t0 - behind, t0 + 4 * HOUR - behind),
    )
    expect(early).toMatchObject({ kind: 'graded', merged: true, reviewedAtMs: t0 })
    const q = studyQueries(db)
    const logs = await q.listReviewsOfCardAfter({ learnerId: alice, cardId, afterMs: 0 })
    expect(logs.map((l) => [l.attemptToken, l.reviewedAtMs])).toEqual([
      ['early-device-a-1', t0],
      ['late-device-b-01', t0 + 2 * HOUR],
    ])
    // The card's state is both grades replayed in time order: Again at t0, then Good at t0 + 2 h.
    const settings = await settingsForLearner(db, alice)
    const inOrder = [
      { reviewedAtMs: t0, rating: 1 as const },
      { reviewedAtMs: t0 + 2 * HOUR, rating: 3 as const },
    ]
    const expected = replayGrades(cardId, null, inOrder, settings).at(-1)!.after
    expect(await q.getCardStateByLearnerAndCardId({ learnerId: alice, cardId })).toEqual({
      cardId,
      ...expected,
    })
  })

  test('a queued grade of a card deleted since is kept in history, with no card state', async () => {
    const gone = 'deleted-own-card'
    const ownDeck = [{ id: gone, points: [] }]
    await gradeReview(
      sqliteDb(sqlite),
      ownDeck,
      {
        learnerId: alice,
        cardId: gone,
        attemptToken: 'first-review-0001',
        rating: 3,
        pointsTicked: [],
        durationMs: 1,
        answerMode: 'aloud',
        nowMs: t0,
      },
      suggestRecallRating,
    )
    await studyQueries(sqliteDb(sqlite)).deleteCardState({ learnerId: alice, cardId: gone })
    const late = await sync(
      sqlite,
      { key: 'offline-after-del', reviewedAtMs: t0 + HOUR, rating: 4 },
      t0 + 2 * HOUR,
      gone,
    )
    expect(late).toMatchObject({ kind: 'graded', cardDeleted: true })
    expect(reviewLogCount(sqlite, alice)).toBe(2)
    expect(
      await studyQueries(sqliteDb(sqlite)).getCardStateByLearnerAndCardId({ learnerId: alice, cardId: gone }),
    ).toBeUndefined()
    // A card id the learner never had is still not found.
    expect(
      (await sync(sqlite, { key: 'never-had-it-001', reviewedAtMs: t0, rating: 3 }, t0 + HOUR, 'nope')).kind,
    ).toBe('card-not-found')
  })
})
