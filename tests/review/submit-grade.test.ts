// The grade use case without a request: the route hands it the learner, now and the key;
// its refusals are values and store nothing (no learner row for a visitor's refused grade).
import { beforeEach, describe, expect, test } from 'vitest'
import type { Sqlite } from '@/db/open'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { allCards } from '@/lib/content/cards'
import { MAX_DEVICE_TIME_DISTANCE_MS as MAX_QUEUED_AGE_MS } from '@/lib/review/device-time'
import { submitGrade } from '@/lib/review/submit-grade'
import { freshDatabase, reviewLogCount } from './fixtures'

const visitor = '33333333-3333-4333-8333-333333333333'
const nowMs = Date.parse('2026-03-10T10:00:00Z')
const cardId = allCards()[0]?.id ?? ''

function grade(extra: Record<string, unknown> = {}) {
  return {
    cardId,
    rating: 3 as const,
    pointsTicked: [],
    durationMs: 20_000,
    answerMode: 'typed' as const,
    ...extra,
  }
}

function learnerRows(sqlite: Sqlite): number {
  return (sqlite.prepare('SELECT count(*) AS n FROM learners').get() as { n: number }).n
}

let sqlite: Sqlite
beforeEach(() => {
  sqlite = freshDatabase()
})

describe('submitGrade', () => {
  test('without a key the attempt token is required; nothing stored', async () => {
    const result = await submitGrade(sqliteDb(sqlite), { learnerId: visitor, nowMs }, grade())
    expect(result).toMatchObject({ kind: 'invalid', issues: [{ path: ['attemptToken'] }] })
    expect(learnerRows(sqlite)).toBe(0)
  })

  test('a queued grade older than 30 days is refused; nothing stored', async () => {
    const reviewedAt = new Date(nowMs - MAX_QUEUED_AGE_MS - 1000).toISOString()
    const result = await submitGrade(
      sqliteDb(sqlite),
      { learnerId: visitor, nowMs, key: 'review-key-1' },
      grade({ reviewedAt }),
    )
    expect(result).toMatchObject({ kind: 'invalid', issues: [{ path: ['reviewedAt'] }] })
    expect(learnerRows(sqlite)).toBe(0)
  })

  test("a visitor's grade of an unknown card stores no learner", async () => {
    const result = await submitGrade(
      sqliteDb(sqlite),
      { learnerId: visitor, nowMs },
      grade({ cardId: 'no-such-card', attemptToken: 'attempt-0001' }),
    )
    expect(result).toEqual({ kind: 'card-not-found', cardId: 'no-such-card' })
    expect(learnerRows(sqlite)).toBe(0)
  })

  test('a keyed grade of a new card is recorded under the key, storing the learner and zone', async () => {
    const result = await submitGrade(
      sqliteDb(sqlite),
      { learnerId: visitor, nowMs, key: 'review-key-2' },
      grade({ timezone: 'Europe/Berlin' }),
    )
    expect(result).toMatchObject({ kind: 'graded', rating: 3, stored: { status: 201 } })
    expect(learnerRows(sqlite)).toBe(1)
    expect(reviewLogCount(sqlite, visitor)).toBe(1)
    const again = await submitGrade(
      sqliteDb(sqlite),
      { learnerId: visitor, nowMs: nowMs + 1000, key: 'review-key-2' },
      grade({ timezone: 'Europe/Berlin' }),
    )
    expect(again).toMatchObject({ kind: 'key-replayed', stored: { status: 201 } })
    expect(reviewLogCount(sqlite, visitor)).toBe(1)
  })
})
