// Goal: for any review history, export → import into a fresh learner reproduces
// the same study state, and a second import of the same file writes nothing.
import fc from 'fast-check'
import { Rating } from 'ts-fsrs'
import { expect, test } from 'vitest'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { exportStudyState } from '@/lib/transfer/export'
import { importStudyState } from '@/lib/transfer/import'
import { propertySeed, seedLabel } from '@/tests/property-seed'
import { studyRows } from '@/tests/review/rows'
import { addLearner, freshDatabase, recordReview } from './testing'

const seed = propertySeed(20261130)
const t0 = Date.UTC(2026, 0, 5, 9)
const hourMs = 3_600_000
const points = ['a', 'b', 'c', 'd', 'e']

const reviewArb = fc.record({
  card: fc.constantFrom('card-1', 'card-2', 'card-3'),
  rating: fc.constantFrom(Rating.Again, Rating.Hard, Rating.Good, Rating.Easy),
  gapHours: fc.integer({ min: 1, max: 24 * 20 }),
  ticked: fc.subarray(points),
})

test(`export → import reproduces the state; importing twice is a no-op ${seedLabel(seed)}`, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(reviewArb, { maxLength: 25 }), async (reviews) => {
      const sqlite = freshDatabase()
      const db = sqliteDb(sqlite)
      const source = await addLearner(db, 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa')
      const target = await addLearner(db, 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb')
      let nowMs = t0
      for (const review of reviews) {
        nowMs += review.gapHours * hourMs
        await recordReview(db, source, {
          cardId: review.card,
          rating: review.rating,
          nowMs,
          pointsAll: points,
          pointsTicked: review.ticked,
        })
      }
      const file = await exportStudyState(db, source, nowMs)
      const text = JSON.stringify(file)
      expect((await importStudyState(db, target, text)).kind).toBe('imported')
      const { exportedAtMs: _a, ...original } = file
      const { exportedAtMs: _b, ...copy } = await exportStudyState(db, target, nowMs)
      expect(copy).toEqual(original)
      const afterFirst = studyRows(sqlite, target)
      await importStudyState(db, target, text)
      expect(studyRows(sqlite, target)).toEqual(afterFirst)
      sqlite.close()
    }),
    { seed, numRuns: 60 },
  )
})
