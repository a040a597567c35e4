// The review loop over a real (in-memory) database: grading, idempotent retries,
// bad input writing nothing, undo restoring every field, and the study-day queue.
import fc from 'fast-check'
import { beforeEach, describe, expect, test } from 'vitest'
import type { Sqlite } from '@/db/open'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { studyDayBounds } from '@/lib/calendar'
import { gradeReview, nextReview, studySummary, undoReview } from '@/lib/review'
import { type GradeRating, RATINGS, Rating, suggestRecallRating } from '@/lib/srs/rubric'
import { propertySeed, seedLabel } from '@/tests/property-seed'
import { addLearner, cardStateRow, deck, fivePointCard, freshDatabase, reviewLogCount } from './fixtures'

const alice = '11111111-1111-4111-8111-111111111111'
const bob = '22222222-2222-4222-8222-222222222222'
const t0 = Date.parse('2026-03-10T10:00:00Z') // 11:00 in Berlin
const allPoints = fivePointCard.points.map((p) => p.id)
const allButCritical = allPoints.filter((id) => id !== 'claim-before-effect')

let sqlite: Sqlite
let tokenCounter = 0
const token = () => `attempt-${++tokenCounter}-0000`

function grade(
  learnerId: string,
  nowMs: number,
  rating: GradeRating,
  extra: Partial<Parameters<typeof gradeReview>[2]> = {},
) {
  return gradeReview(
    sqliteDb(sqlite),
    deck,
    {
      learnerId,
      cardId: fivePointCard.id,
      attemptToken: token(),
      rating,
      pointsTicked: allPoints,
      durationMs: 42_000,
      answerMode: 'aloud',
      nowMs,
      ...extra,
    },
    suggestRecallRating,
  )
}

beforeEach(() => {
  sqlite = freshDatabase()
  addLearner(sqlite, alice)
  addLearner(sqlite, bob)
})

describe('grading', () => {
  test('records the log (ticks, suggestion, duration, mode, snapshot) and the FSRS state', async () => {
    const result = await grade(alice, t0, Rating.Again, { pointsTicked: allButCritical, answerMode: 'typed' })
    expect(result.kind).toBe('graded')
    const log = sqlite.prepare('SELECT * FROM review_logs WHERE learner_id = ?').get(alice) as Record<
      string,
      unknown
    >
    expect(log).toMatchObject({
      card_id: 'idempotency-keys',
      rating: Rating.Again,
      suggested_rating: Rating.Again,
      duration_ms: 42_000,
      answer_mode: 'typed',
      state_before: 0,
      reviewed_at_ms: t0,
      snapshot: null,
    })
    expect(JSON.parse(log.points_ticked as string)).toEqual(allButCritical)
    expect(JSON.parse(log.points_all as string)).toEqual(allPoints)
    expect(cardStateRow(sqlite, alice, 'idempotency-keys')).toMatchObject({ reps: 1, last_review_ms: t0 })
  })

  test('Again (critical point missed) is due at the start of the next study day, not minutes or a week later', async () => {
    const result = await grade(alice, t0, Rating.Again, { pointsTicked: allButCritical })
    if (result.kind !== 'graded') throw new Error(result.kind)
    expect(new Date(result.dueMs).toISOString()).toBe('2026-03-11T03:00:00.000Z') // 04:00 Berlin
  })

  test('Again on a long-interval review card still comes back the next study day', async () => {
    let now = t0
    for (let i = 0; i < 5; i++) {
      const r = await grade(alice, now, Rating.Easy)
      if (r.kind !== 'graded') throw new Error(r.kind)
      now = r.dueMs + 5 * 3_600_000
    }
    const lapse = await grade(alice, now, Rating.Again)
    if (lapse.kind !== 'graded') throw new Error(lapse.kind)
    expect(lapse.dueMs).toBe(studyDayBounds(now, { timezone: 'Europe/Berlin', rolloverHour: 4 }).endMs)
  })

  test('a double-click (same attempt token, same grade) records one review and replays the first result', async () => {
    const attemptToken = 'double-click-token'
    const first = await grade(alice, t0, Rating.Good, { attemptToken })
    const second = await grade(alice, t0 + 150, Rating.Good, { attemptToken })
    expect(first.kind).toBe('graded')
    expect(second).toMatchObject({ kind: 'replayed', logId: (first as { logId: number }).logId })
    expect(reviewLogCount(sqlite, alice)).toBe(1)
    expect(cardStateRow(sqlite, alice, 'idempotency-keys')).toMatchObject({ reps: 1 })
  })

  test('the same attempt token with a different grade is refused and writes nothing', async () => {
    await grade(alice, t0, Rating.Good, { attemptToken: 'reused-token' })
    const before = cardStateRow(sqlite, alice, 'idempotency-keys')
    expect((await grade(alice, t0 + 1000, Rating.Easy, { attemptToken: 'reused-token' })).kind).toBe(
      'token-reused',
    )
    expect(reviewLogCount(sqlite, alice)).toBe(1)
    expect(cardStateRow(sqlite, alice, 'idempotency-keys')).toEqual(before)
  })

  test('attempt tokens are per learner: the same token from two learners is two reviews', async () => {
    expect((await grade(alice, t0, Rating.Good, { attemptToken: 'shared-token' })).kind).toBe('graded')
    expect((await grade(bob, t0, Rating.Good, { attemptToken: 'shared-token' })).kind).toBe('graded')
    expect(reviewLogCount(sqlite)).toBe(2)
  })

  test('a card that does not exist: a clear error, nothing written', async () => {
    expect((await grade(alice, t0, Rating.Good, { cardId: 'no-such-card' })).kind).toBe('card-not-found')
    expect(reviewLogCount(sqlite)).toBe(0)
    expect(sqlite.prepare('SELECT count(*) AS n FROM card_states').get()).toEqual({ n: 0 })
  })

  test('a card that is not due this study day: a clear error, nothing written', async () => {
    await grade(alice, t0, Rating.Good)
    const before = cardStateRow(sqlite, alice, 'idempotency-keys')
    const again = await grade(alice, t0 + 60_000, Rating.Good)
    expect(again.kind).toBe('not-due')
    expect(reviewLogCount(sqlite, alice)).toBe(1)
    expect(cardStateRow(sqlite, alice, 'idempotency-keys')).toEqual(before)
  })

  test("one learner's review never changes another's state", async () => {
    await grade(alice, t0, Rating.Again)
    expect(cardStateRow(sqlite, bob, 'idempotency-keys')).toBeUndefined()
    expect(await nextReview(sqliteDb(sqlite), bob, deck, t0 + 60_000)).toMatchObject({
      kind: 'card',
      card: { id: 'idempotency-keys' },
    })
  })

  test('the new-card limit is enforced by the grade as well as the queue', async () => {
    addLearner(sqlite, '33333333-3333-4333-8333-333333333333', { newPerDay: 1 })
    const carol = '33333333-3333-4333-8333-333333333333'
    expect((await grade(carol, t0, Rating.Good)).kind).toBe('graded')
    expect((await grade(carol, t0, Rating.Good, { cardId: 'in-flight-retry', pointsTicked: [] })).kind).toBe(
      'not-due',
    )
    expect(await nextReview(sqliteDb(sqlite), carol, deck, t0)).toMatchObject({
      kind: 'done',
      limitReached: 'new',
    })
  })
})

describe('the interval on the button is the one saved', () => {
  const seed = propertySeed(5)
  test(`for every rating, across random times, zones, rollover hours and prior histories ${seedLabel(seed)}`, async () => {
    const zones = ['Europe/Berlin', 'America/Los_Angeles', 'Asia/Tokyo', 'UTC']
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: Date.parse('2026-01-01T00:00:00Z'), max: Date.parse('2027-12-31T00:00:00Z') }),
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 23 }),
        fc.boolean(),
        fc.array(fc.constantFrom(...RATINGS), { maxLength: 6 }),
        fc.constantFrom(...RATINGS),
        async (startMs, timezone, rolloverHour, sameDaySteps, history, rating) => {
          sqlite = freshDatabase()
          addLearner(sqlite, alice, { timezone, rolloverHour, sameDaySteps })
          let now = startMs
          for (const earlier of history) {
            const r = await grade(alice, now, earlier)
            if (r.kind !== 'graded') throw new Error(`history grade: ${r.kind}`)
            now = Math.max(now + 60_000, r.dueMs + 3_600_000)
          }
          const shown = await nextReview(sqliteDb(sqlite), alice, deck, now)
          if (shown.kind !== 'card') throw new Error('expected a card')
          // The learner reads the buttons, then grades half a minute later.
          const gradedAtMs = now + 30_000
          const saved = await grade(alice, gradedAtMs, rating, { cardId: shown.card.id })
          if (saved.kind !== 'graded') throw new Error(saved.kind)
          const onButton = shown.preview[rating]
          // Day intervals name a study day: the very same due instant. Same-day steps
          // ("10 minutes") count from the moment of grading.
          const expectedDueMs =
            onButton.intervalDays >= 1 ? onButton.next.dueMs : gradedAtMs + onButton.intervalMs
          expect(saved.dueMs).toBe(expectedDueMs)
          expect(cardStateRow(sqlite, alice, shown.card.id)).toMatchObject({ due_ms: expectedDueMs })
        },
      ),
      { seed, numRuns: 300 },
    )
  })
})

describe('undo', () => {
  for (const rating of RATINGS) {
    test(`restores every field of a new card after ${rating} (the card becomes new again)`, async () => {
      const r = await grade(alice, t0, rating)
      if (r.kind !== 'graded') throw new Error(r.kind)
      expect(await undoReview(sqliteDb(sqlite), { learnerId: alice, logId: r.logId })).toEqual({
        kind: 'undone',
        cardId: 'idempotency-keys',
      })
      expect(cardStateRow(sqlite, alice, 'idempotency-keys')).toBeUndefined()
      expect(reviewLogCount(sqlite, alice)).toBe(0)
    })

    test(`restores every field of a reviewed card after ${rating}, and the log is gone`, async () => {
      const first = await grade(alice, t0, Rating.Good)
      if (first.kind !== 'graded') throw new Error(first.kind)
      const before = cardStateRow(sqlite, alice, 'idempotency-keys')
      const second = await grade(alice, first.dueMs + 7 * 3_600_000, rating)
      if (second.kind !== 'graded') throw new Error(second.kind)
      expect(cardStateRow(sqlite, alice, 'idempotency-keys')).not.toEqual(before)
      await undoReview(sqliteDb(sqlite), { learnerId: alice, logId: second.logId })
      expect(cardStateRow(sqlite, alice, 'idempotency-keys')).toEqual(before)
      expect(reviewLogCount(sqlite, alice)).toBe(1)
    })
  }

  test("another learner's review cannot be undone", async () => {
    const r = await grade(alice, t0, Rating.Good)
    if (r.kind !== 'graded') throw new Error(r.kind)
    expect(await undoReview(sqliteDb(sqlite), { learnerId: bob, logId: r.logId })).toEqual({
      kind: 'review-not-found',
    })
    expect(reviewLogCount(sqlite, alice)).toBe(1)
  })

  test('an older review of a card cannot be undone past a later one', async () => {
    const first = await grade(alice, t0, Rating.Good)
    if (first.kind !== 'graded') throw new Error(first.kind)
    await grade(alice, first.dueMs + 3_600_000, Rating.Good)
    expect(await undoReview(sqliteDb(sqlite), { learnerId: alice, logId: first.logId })).toEqual({
      kind: 'not-latest',
    })
  })
})

describe('the queue across study days', () => {
  test('Again on the critical point: not offered again that study day, offered on the next', async () => {
    const shown = await nextReview(sqliteDb(sqlite), alice, deck, t0)
    expect(shown).toMatchObject({ kind: 'card', card: { id: 'idempotency-keys' } })
    await grade(alice, t0, Rating.Again, { pointsTicked: allButCritical })
    await grade(alice, t0, Rating.Good, {
      cardId: 'in-flight-retry',
      pointsTicked: ['return-409', 'never-second-charge'],
    })

    const lateTonight = Date.parse('2026-03-11T02:30:00Z') // 03:30 Berlin: still the 10th's study day
    expect(await nextReview(sqliteDb(sqlite), alice, deck, lateTonight)).toEqual({
      kind: 'done',
      nextDueMs: Date.parse('2026-03-11T03:00:00Z'),
      limitReached: null,
    })
    const nextMorning = Date.parse('2026-03-11T05:00:00Z')
    const next = await nextReview(sqliteDb(sqlite), alice, deck, nextMorning)
    expect(next).toMatchObject({ kind: 'card', card: { id: 'idempotency-keys' } })
    if (next.kind === 'card') expect(next.missedLastTime).toEqual(['claim-before-effect'])
  })

  test('due cards come before new ones', async () => {
    await grade(alice, t0, Rating.Again)
    const next = await nextReview(sqliteDb(sqlite), alice, deck, Date.parse('2026-03-11T05:00:00Z'))
    expect(next).toMatchObject({ kind: 'card', card: { id: 'idempotency-keys' }, dueCount: 1, newCount: 1 })
  })

  test('the summary counts reviews today and a streak of study days', async () => {
    await grade(alice, t0, Rating.Again)
    const day2 = Date.parse('2026-03-11T05:00:00Z')
    await grade(alice, day2, Rating.Good)
    const summary = await studySummary(sqliteDb(sqlite), alice, deck, day2 + 60_000)
    expect(summary).toMatchObject({ reviewsToday: 1, streakDays: 2, dueNow: 0, newAvailable: 1 })
    expect(summary.nextDueMs).toBeGreaterThan(day2)
    // A day without reviews after yesterday: streak still counts until today ends.
    expect(
      (await studySummary(sqliteDb(sqlite), alice, deck, Date.parse('2026-03-12T12:00:00Z'))).streakDays,
    ).toBe(2)
    expect(
      (await studySummary(sqliteDb(sqlite), alice, deck, Date.parse('2026-03-13T12:00:00Z'))).streakDays,
    ).toBe(0)
  })
})
