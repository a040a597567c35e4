import { Rating } from 'ts-fsrs'
import { expect, test } from 'vitest'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { studySummary } from '@/lib/review/next-review'
import type { StudyCard } from '@/lib/srs/study-card'
import { addLearner, freshDatabase, recordReview } from '@/tests/transfer/testing'

const day = 24 * 60 * 60 * 1000
// Noon UTC: well after the default rollover hour, in the default zone.
const now = Date.UTC(2026, 5, 10, 12)
const card: StudyCard = { id: 'card-1', points: [{ id: 'p1', text: 'Point p1', critical: false }] }

test("the dashboard's streak follows the next review and the next study day (its study days are kept per review-log version)", async () => {
  const db = sqliteDb(freshDatabase())
  const learner = await addLearner(db, '66666666-6666-4666-8666-666666666666')
  const review = (nowMs: number) =>
    recordReview(db, learner, {
      cardId: card.id,
      rating: Rating.Again,
      nowMs,
      pointsAll: ['p1'],
      pointsTicked: [],
    })
  const streak = async (atMs: number) => (await studySummary(db, learner, [card], atMs)).streakDays

  expect(await streak(now)).toBe(0)
  await review(now - 2 * day)
  await review(now - day)
  // Today has no review yet: the streak ends yesterday.
  expect(await streak(now)).toBe(2)
  expect(await streak(now)).toBe(2)
  await review(now)
  expect(await streak(now)).toBe(3)
  // Two study days later without a review, the streak is broken.
  expect(await streak(now + 2 * day)).toBe(0)
})
