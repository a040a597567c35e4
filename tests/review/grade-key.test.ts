// The replay table of grade requests: a keyed grade is stored with its response in the
// review log's transaction; a retry replays it and writes nothing; another body under the
// key is refused; a key whose first request is still processing answers "in flight".
import { beforeEach, describe, expect, test } from 'vitest'
import type { Sqlite } from '@/db/open'
import { reviewRequestQueries } from '@/db/queries/review-requests'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { type GradeInput, gradeReview } from '@/lib/review'
import { GRADE_CLAIM_LEASE_MS, gradeFingerprint } from '@/lib/review/grade-key'
import { Rating, suggestRecallRating } from '@/lib/srs/rubric'
import { addLearner, deck, fivePointCard, freshDatabase, keyedGradeBody, reviewLogCount } from './fixtures'

const alice = '11111111-1111-4111-8111-111111111111'
const bob = '22222222-2222-4222-8222-222222222222'
const t0 = Date.parse('2026-03-10T10:00:00Z')
const key = '0d9c6f1e-3b7a-4c2d-8e5f-6a7b8c9d0e1f'

let sqlite: Sqlite
beforeEach(() => {
  sqlite = freshDatabase()
  addLearner(sqlite, alice)
  addLearner(sqlite, bob)
})

const body = (rating: 1 | 2 | 3 | 4 = 3) => keyedGradeBody(t0, rating)

function send(learnerId: string, request = body(), nowMs = t0) {
  const input: GradeInput = {
    learnerId,
    cardId: request.cardId,
    attemptToken: key,
    rating: request.rating,
    pointsTicked: request.pointsTicked,
    durationMs: request.durationMs,
    answerMode: request.answerMode,
    nowMs,
    reviewedAtMs: Date.parse(request.reviewedAt),
    key: { key, fingerprint: gradeFingerprint(request) },
  }
  return gradeReview(sqliteDb(sqlite), deck, input, suggestRecallRating)
}

const requestRow = (learnerId: string) =>
  reviewRequestQueries(sqliteDb(sqlite)).getReviewRequestByKey({ learnerId, key })

describe('a keyed grade', () => {
  test('first write: the log, the card state and the stored 201 commit together', async () => {
    const first = await send(alice)
    expect(first).toMatchObject({ kind: 'graded', merged: false, cardDeleted: false })
    if (first.kind !== 'graded') throw new Error(first.kind)
    expect(first.stored?.status).toBe(201)
    expect(JSON.parse(first.stored!.body)).toMatchObject({
      logId: first.logId,
      cardId: fivePointCard.id,
      rating: Rating.Good,
      reviewedAt: new Date(t0 - 60_000).toISOString(),
    })
    expect(await requestRow(alice)).toMatchObject({
      status: 'completed',
      logId: first.logId,
      responseStatus: 201,
    })
    expect(reviewLogCount(sqlite, alice)).toBe(1)
    // Recorded at the device's time, not the server's.
    const log = sqlite.prepare('SELECT reviewed_at_ms AS at, attempt_token AS token FROM review_logs').get()
    expect(log).toEqual({ at: t0 - 60_000, token: key })
  })

  test('replay: the same key and body get the stored response byte for byte, nothing written', async () => {
    const first = await send(alice)
    const retry = await send(alice, body(), t0 + 5_000)
    if (first.kind !== 'graded') throw new Error(first.kind)
    expect(retry).toEqual({ kind: 'key-replayed', stored: first.stored })
    expect(reviewLogCount(sqlite, alice)).toBe(1)
  })

  test('the ticks in another order are the same grade', async () => {
    const request = { ...body(), pointsTicked: ['one-key-per-intent', 'claim-before-effect'] }
    await send(alice, request)
    const retry = await send(alice, {
      ...request,
      pointsTicked: ['claim-before-effect', 'one-key-per-intent'],
    })
    expect(retry.kind).toBe('key-replayed')
  })

  test('mismatch: the same key with another body is refused (422), nothing written', async () => {
    await send(alice)
    expect(await send(alice, body(4))).toEqual({ kind: 'key-reused' })
    expect(reviewLogCount(sqlite, alice)).toBe(1)
    expect((await requestRow(alice))?.fingerprint).toBe(gradeFingerprint(body()))
  })

  test('keys are per learner: the same key from another learner is its own grade', async () => {
    await send(alice)
    expect((await send(bob)).kind).toBe('graded')
    expect(reviewLogCount(sqlite)).toBe(2)
  })

  test('in flight: a key claimed but not completed answers 409 with Retry-After until its lease ends', async () => {
    await reviewRequestQueries(sqliteDb(sqlite)).claimReviewRequest({
      learnerId: alice,
      key,
      fingerprint: gradeFingerprint(body()),
      leaseUntilMs: t0 + GRADE_CLAIM_LEASE_MS,
      nowMs: t0,
    })
    expect(await send(alice, body(), t0 + 1_500)).toEqual({ kind: 'key-in-flight', retryAfterS: 29 })
    expect(reviewLogCount(sqlite, alice)).toBe(0)
    // Its writer never finished: after the lease the key is taken over and graded once.
    const takenOver = await send(alice, body(), t0 + GRADE_CLAIM_LEASE_MS)
    expect(takenOver.kind).toBe('graded')
    expect((await requestRow(alice))?.status).toBe('completed')
    expect((await send(alice, body(), t0 + GRADE_CLAIM_LEASE_MS + 1)).kind).toBe('key-replayed')
    expect(reviewLogCount(sqlite, alice)).toBe(1)
  })

  test('a refused grade stores nothing under its key, so the key stays free', async () => {
    const unknown = { ...body(), cardId: 'no-such-card' }
    expect((await send(alice, unknown)).kind).toBe('card-not-found')
    expect(await requestRow(alice)).toBeUndefined()
    expect((await send(alice)).kind).toBe('graded')
  })
})
