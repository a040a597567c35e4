// Goal: the review loop answers the same on PostgreSQL as on SQLite — grade, replay of an
// attempt token, Idempotency-Key replays/refusals/in-flight, undo, the late-grade merge,
// the day's queue and device links — and, on PostgreSQL, two pools on one database (two app
// instances) given the same grade at once record it once: the learner's advisory lock
// serializes them and the claimed attempt token (or key) answers the second as a replay.
import { beforeEach, describe, expect, test } from 'vitest'
import { reviewRequestQueries } from '@/db/queries/review-requests'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { saveDisabledDecks } from '@/lib/decks'
import { createLinkCode, redeemLinkCode } from '@/lib/devices/link'
import {
  type GradeInput,
  type GradeResult,
  gradeReview,
  nextReview,
  reviewDay,
  settingsForLearner,
  studyDecks,
  studySummary,
  undoableReview,
  undoReview,
} from '@/lib/review'
import { GRADE_CLAIM_LEASE_MS, gradeFingerprint } from '@/lib/review/grade-key'
import { inTimeOrder, replayGrades } from '@/lib/srs/replay'
import { type GradeRating, Rating, suggestRecallRating } from '@/lib/srs/rubric'
import { alice, bob, openWithLearners, twoInstanceAdapters } from '@/tests/pg/two-instances'
import { deck, fivePointCard, keyedGradeBody, reviewLogCountOn } from '@/tests/review/fixtures'

const t0 = Date.parse('2026-03-10T10:00:00Z')
const HOUR = 3_600_000
const allPoints = fivePointCard.points.map((p) => p.id)

const adapters = twoInstanceAdapters({
  prefix: 'review_pg',
  tables: [
    'review_requests',
    'review_logs',
    'card_states',
    'learner_settings',
    'link_codes',
    'devices',
    'learners',
  ],
  connectionsPerPool: 6,
})

function gradeInput(learnerId: string, overrides: Partial<GradeInput> = {}): GradeInput {
  return {
    learnerId,
    cardId: fivePointCard.id,
    attemptToken: 'attempt-0000-0001',
    rating: Rating.Good,
    pointsTicked: allPoints,
    durationMs: 30_000,
    answerMode: 'aloud',
    nowMs: t0,
    ...overrides,
  }
}

/** A keyed grade as POST /api/review/grade builds it from a device's queued body. */
function keyedInput(
  learnerId: string,
  key: string,
  rating: GradeRating = Rating.Good,
  nowMs = t0,
): GradeInput {
  const body = keyedGradeBody(t0, rating)
  return {
    ...gradeInput(learnerId, { attemptToken: key, rating, pointsTicked: body.pointsTicked, nowMs }),
    reviewedAtMs: Date.parse(body.reviewedAt),
    key: { key, fingerprint: gradeFingerprint(body) },
  }
}

const grade = (db: Db, input: GradeInput) => gradeReview(db, deck, input, suggestRecallRating)
const cardState = (db: Db, learnerId: string, cardId = fivePointCard.id) =>
  studyQueries(db).getCardStateByLearnerAndCardId({ learnerId, cardId })
/** How many results of each kind. */
function kinds(results: GradeResult[]): Record<string, number> {
  const counts: Record<string, number> = {}
  for (const r of results) counts[r.kind] = (counts[r.kind] ?? 0) + 1
  return counts
}

describe.each(adapters)('the review loop on $name', (adapter) => {
  let a: Db
  let b: Db
  beforeEach(async () => {
    ;[a, b] = await openWithLearners(adapter, [alice, bob])
  })

  test('a grade records one log and the card state; the same attempt token replays it', async () => {
    const first = await grade(a, gradeInput(alice))
    expect(first).toMatchObject({ kind: 'graded', merged: false, cardDeleted: false })
    if (first.kind !== 'graded') throw new Error(first.kind)
    const replay = await grade(b, gradeInput(alice, { nowMs: t0 + 150 }))
    expect(replay).toEqual({ kind: 'replayed', logId: first.logId, rating: Rating.Good, dueMs: first.dueMs })
    expect(await grade(b, gradeInput(alice, { rating: Rating.Easy }))).toEqual({
      kind: 'token-reused',
      logId: first.logId,
    })
    expect(await reviewLogCountOn(a, alice)).toBe(1)
    expect(await cardState(b, alice)).toMatchObject({ reps: 1, lastReviewMs: t0, dueMs: first.dueMs })
    // The next grade of that card the same day is refused: not due.
    expect((await grade(a, gradeInput(alice, { attemptToken: 'attempt-0000-0002' }))).kind).toBe('not-due')
  })

  test('20 concurrent submissions of one attempt token (split over two instances) → one log, one state change', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => grade(i % 2 === 0 ? a : b, gradeInput(alice, { nowMs: t0 + i }))),
    )
    expect(kinds(results)).toEqual({ graded: 1, replayed: 19 })
    const logIds = new Set(results.map((r) => (r.kind === 'graded' || r.kind === 'replayed' ? r.logId : -1)))
    expect(logIds.size).toBe(1)
    expect(await reviewLogCountOn(a, alice)).toBe(1)
    expect(await cardState(a, alice)).toMatchObject({ reps: 1 })
  })

  test('undo restores the card exactly (a new card is new again) and only once', async () => {
    const first = await grade(a, gradeInput(alice))
    if (first.kind !== 'graded') throw new Error(first.kind)
    const before = await cardState(a, alice)
    const second = await grade(
      a,
      gradeInput(alice, { attemptToken: 'attempt-0000-0002', nowMs: first.dueMs + HOUR }),
    )
    if (second.kind !== 'graded') throw new Error(second.kind)
    expect((await undoableReview(b, alice, first.dueMs + HOUR))?.id).toBe(second.logId)
    expect(await undoReview(b, { learnerId: alice, logId: first.logId })).toEqual({ kind: 'not-latest' })
    expect(await undoReview(b, { learnerId: bob, logId: second.logId })).toEqual({ kind: 'review-not-found' })
    const undos = await Promise.all([
      undoReview(a, { learnerId: alice, logId: second.logId }),
      undoReview(b, { learnerId: alice, logId: second.logId }),
    ])
    expect(undos.map((u) => u.kind).sort()).toEqual(['review-not-found', 'undone'])
    expect(await cardState(a, alice)).toEqual(before)
    expect(await undoReview(a, { learnerId: alice, logId: first.logId })).toEqual({
      kind: 'undone',
      cardId: fivePointCard.id,
    })
    expect(await cardState(b, alice)).toBeUndefined()
    expect(await reviewLogCountOn(b, alice)).toBe(0)
  })

  test('Idempotency-Key: first completes, same body replays the stored answer, other body 422', async () => {
    const key = '0d9c6f1e-3b7a-4c2d-8e5f-6a7b8c9d0e1f'
    const first = await grade(a, keyedInput(alice, key))
    if (first.kind !== 'graded' || !first.stored) throw new Error(first.kind)
    expect(first.stored.status).toBe(201)
    expect(await grade(b, keyedInput(alice, key, Rating.Good, t0 + 5_000))).toEqual({
      kind: 'key-replayed',
      stored: first.stored,
    })
    expect(await grade(b, keyedInput(alice, key, Rating.Easy))).toEqual({ kind: 'key-reused' })
    expect(await reviewRequestQueries(b).getReviewRequestByKey({ learnerId: alice, key })).toMatchObject({
      status: 'completed',
      logId: first.logId,
      responseStatus: 201,
      responseBody: first.stored.body,
    })
    expect(await reviewLogCountOn(a, alice)).toBe(1)
  })

  test('Idempotency-Key sent to both instances at once: one grade, every other answer the stored one', async () => {
    const key = '1d9c6f1e-3b7a-4c2d-8e5f-6a7b8c9d0e1f'
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => grade(i % 2 === 0 ? a : b, keyedInput(alice, key))),
    )
    expect(kinds(results)).toEqual({ graded: 1, 'key-replayed': 9 })
    const winner = results.find((r) => r.kind === 'graded')
    if (winner?.kind !== 'graded') throw new Error('no winner')
    for (const r of results) if (r.kind === 'key-replayed') expect(r.stored).toEqual(winner.stored)
    expect(await reviewLogCountOn(b, alice)).toBe(1)
  })

  test('a key claimed by an instance that has not finished: 409 with Retry-After on the other, then taken over once', async () => {
    const key = '2d9c6f1e-3b7a-4c2d-8e5f-6a7b8c9d0e1f'
    const input = keyedInput(alice, key)
    expect(
      await reviewRequestQueries(a).claimReviewRequest({
        learnerId: alice,
        key,
        fingerprint: input.key!.fingerprint,
        leaseUntilMs: t0 + GRADE_CLAIM_LEASE_MS,
        nowMs: t0,
      }),
    ).toBe(true)
    expect(await grade(b, keyedInput(alice, key, Rating.Good, t0 + 1_500))).toEqual({
      kind: 'key-in-flight',
      retryAfterS: 29,
    })
    expect(await reviewLogCountOn(b, alice)).toBe(0)
    const afterLease = await Promise.all([
      grade(a, keyedInput(alice, key, Rating.Good, t0 + GRADE_CLAIM_LEASE_MS)),
      grade(b, keyedInput(alice, key, Rating.Good, t0 + GRADE_CLAIM_LEASE_MS)),
    ])
    expect(kinds(afterLease)).toEqual({ graded: 1, 'key-replayed': 1 })
    expect(await reviewLogCountOn(a, alice)).toBe(1)
  })

  test('a late grade from a device merges before the later log: the card is rebuilt in time order', async () => {
    const later = await grade(
      a,
      gradeInput(alice, {
        attemptToken: 'late-device-b-01',
        reviewedAtMs: t0 + 2 * HOUR,
        nowMs: t0 + 3 * HOUR,
      }),
    )
    expect(later).toMatchObject({ kind: 'graded', merged: false })
    const early = await grade(
      b,
      gradeInput(alice, {
        attemptToken: 'early-device-a-1',
        rating: Rating.Again,
        reviewedAtMs: t0,
        nowMs: t0 + 4 * HOUR,
      }),
    )
    expect(early).toMatchObject({ kind: 'graded', merged: true })
    const settings = await settingsForLearner(a, alice)
    const expected = replayGrades(
      fivePointCard.id,
      null,
      inTimeOrder([
        { reviewedAtMs: t0 + 2 * HOUR, rating: Rating.Good },
        { reviewedAtMs: t0, rating: Rating.Again },
      ]),
      settings,
    ).at(-1)!.after
    expect(await cardState(a, alice)).toEqual({ cardId: fivePointCard.id, ...expected })
    const logs = await studyQueries(b).listReviewsOfCardAfter({
      learnerId: alice,
      cardId: fivePointCard.id,
      afterMs: 0,
    })
    expect(logs.map((l) => l.attemptToken)).toEqual(['early-device-a-1', 'late-device-b-01'])
    expect(logs[0]!.snapshot).toBeNull()
    expect(JSON.parse(logs[1]!.snapshot!)).toMatchObject({ lastReviewMs: t0 })
  })

  test("the day's queue and the dashboard numbers", async () => {
    expect(await nextReview(a, alice, deck, t0)).toMatchObject({
      kind: 'card',
      card: { id: fivePointCard.id },
      newCount: 2,
    })
    await grade(
      a,
      gradeInput(alice, {
        rating: Rating.Again,
        pointsTicked: allPoints.filter((id) => id !== 'claim-before-effect'),
      }),
    )
    const day = await reviewDay(b, alice, deck, t0 + 60_000)
    expect(day.map((entry) => entry.card.id)).toEqual(['in-flight-retry'])
    const nextMorning = Date.parse('2026-03-11T05:00:00Z')
    const next = await nextReview(b, alice, deck, nextMorning)
    expect(next).toMatchObject({ kind: 'card', card: { id: fivePointCard.id }, dueCount: 1, newCount: 1 })
    if (next.kind === 'card') expect(next.missedLastTime).toEqual(['claim-before-effect'])
    expect(await studySummary(a, alice, deck, t0 + 60_000)).toMatchObject({
      reviewsToday: 1,
      streakDays: 1,
      dueNow: 0,
      newAvailable: 1,
      nextDueMs: Date.parse('2026-03-11T03:00:00Z'),
    })
  })

  test('deck switches saved on one instance shape the review deck on the other', async () => {
    const decks = await studyDecks()
    const all = await decks.reviewDeckFor(a, alice)
    await saveDisabledDecks(a, alice, ['idempotency'], t0)
    const switches = (await decks.decksFor(b, alice)).map((d) => [d.id, d.enabled])
    // The idempotency deck off, every other deck (the drills, the topic decks) still on.
    expect(switches.slice(0, 2)).toEqual([
      ['idempotency', false],
      ['timeline-drills', true],
    ])
    expect(switches.slice(1).every(([, enabled]) => enabled)).toBe(true)
    const withoutBuiltIn = await decks.reviewDeckFor(b, alice)
    expect(withoutBuiltIn.every((card) => card.deckId !== 'idempotency')).toBe(true)
    expect(withoutBuiltIn.length).toBeLessThan(all.length)
    expect((await decks.findCard(b, alice, fivePointCard.id))?.card.deckId).toBe('idempotency')
  })

  test('a link code made on one instance is redeemed once, whichever instances race for it', async () => {
    const { code } = await createLinkCode(a, {
      learnerId: alice,
      nowMs: t0,
      randomBytes: () => Uint8Array.from([1, 2, 3, 4, 5]),
    })
    const tries = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        redeemLinkCode(i % 2 === 0 ? a : b, { typed: code, nowMs: t0 + 1000 }),
      ),
    )
    expect(tries.filter((t) => t.kind === 'linked')).toEqual([{ kind: 'linked', learnerId: alice }])
    expect(tries.filter((t) => t.kind === 'used')).toHaveLength(5)
  })
})
