// Goal: the count /settings shows beside "Optimize my parameters" is the count of the review
// log as it is now — kept between views, and counted again once a review is added or removed
// or the study day moves (zone, rollover hour).
import { expect, test } from 'vitest'
import { planQueries } from '@/db/queries/plan'
import type { Db } from '@/db/sql/db'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { studyHistoryFile } from '@/e2e/study-history'
import { countTrainingItems } from '@/lib/plan/optimizer/items'
import { trainingItemCountFor } from '@/lib/plan/optimizer/training-count'
import { importStudyState } from '@/lib/transfer/import'
import { addLearner, freshDatabase } from '@/tests/transfer/testing'

const learner = '44444444-4444-4444-8444-444444444444'
const startMs = Date.parse('2026-01-05T00:00:00Z')
const utc = { timezone: 'UTC', rolloverHour: 4 }
const tokyo = { timezone: 'Asia/Tokyo', rolloverHour: 4 }

const countNow = async (db: Db, config: typeof utc) =>
  countTrainingItems(await planQueries(db).getReviewHistoryByLearnerId({ learnerId: learner }), config)

test('the kept count follows the review log and the study day', async () => {
  const db = sqliteDb(freshDatabase())
  await addLearner(db, learner)
  const file = studyHistoryFile({ reviews: 300, cards: 30, startMs, seed: 7 })
  // Two reviews five hours apart, 02:00 and 07:00 UTC: two study days in UTC (rollover 04:00),
  // one in Tokyo (11:00 and 16:00), so the zone changes the count.
  const [template] = file.reviewLogs
  for (const [i, hours] of [2, 7].entries())
    file.reviewLogs.push({
      ...template,
      cardId: 'history-0',
      attemptToken: `zone-${i}`,
      reviewedAtMs: startMs + 200 * 86_400_000 + hours * 3_600_000,
    })
  expect((await importStudyState(db, learner, JSON.stringify(file))).kind).toBe('imported')

  const first = await trainingItemCountFor(db, learner, utc)
  expect(first).toBe(await countNow(db, utc))
  expect(first).toBeGreaterThan(0)
  expect(await trainingItemCountFor(db, learner, utc)).toBe(first)

  // Another zone puts some reviews on other study days (checked first, so the next line can fail).
  expect(await countNow(db, tokyo)).not.toBe(first)
  expect(await trainingItemCountFor(db, learner, tokyo)).toBe(await countNow(db, tokyo))

  // A review removed (undo): the version changes and the count follows.
  await db.run(
    'DELETE FROM review_logs WHERE id IN (SELECT id FROM review_logs WHERE learner_id = ? ORDER BY id DESC LIMIT 20)',
    learner,
  )
  const after = await countNow(db, utc)
  expect(after).toBeLessThan(first)
  expect(await trainingItemCountFor(db, learner, utc)).toBe(after)
})
