import { Rating } from 'ts-fsrs'
import { describe, expect, test } from 'vitest'
import type { CardStateRecord } from '@/db/queries/study'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { buildStats } from '@/lib/stats/build'
import { cardOverview, soonestDueCards } from '@/lib/stats/card-overview'
import { dueForecast } from '@/lib/stats/forecast'
import { reviewHeatmap } from '@/lib/stats/heatmap'
import { defaultStatsSettings, type StatsCard, type StatsReview } from '@/lib/stats/inputs'
import { mostMissedCards, pointMisses } from '@/lib/stats/misses'
import {
  getCardStatesByLearnerId,
  getStatsReviewsByLearnerId,
  getStatsSettingsByLearnerId,
} from '@/lib/stats/queries'
import { weeklyTrueRetention } from '@/lib/stats/retention'
import { addLearner, freshDatabase, recordReview } from '@/tests/transfer/testing'

const hour = 3_600_000
const day = 24 * hour
// Mon 30 Nov 2026, 12:00 UTC
const now = Date.UTC(2026, 10, 30, 12)
const utc = { timezone: 'UTC', rolloverHour: 4 }

function review(overrides: Partial<StatsReview>): StatsReview {
  return {
    cardId: 'idempotency-keys',
    rating: Rating.Good,
    stateBefore: 2,
    reviewedAtMs: now,
    durationMs: 20_000,
    pointsTicked: [],
    pointsAll: [],
    ...overrides,
  }
}

function state(overrides: Partial<CardStateRecord>): CardStateRecord {
  return {
    cardId: 'idempotency-keys',
    dueMs: now,
    stability: 10,
    difficulty: 5,
    elapsedDays: 0,
    scheduledDays: 10,
    learningSteps: 0,
    reps: 3,
    lapses: 0,
    state: 2,
    lastReviewMs: now - 10 * day,
    ...overrides,
  }
}

const card: StatsCard = {
  id: 'idempotency-keys',
  title: 'Idempotency keys',
  points: [
    { id: 'claim-first', text: 'Claim the key before any side effect', critical: true },
    { id: 'per-account', text: 'Scope keys per account', critical: false },
    { id: 'store-response', text: 'Store and replay the response', critical: false },
  ],
}

describe('heatmap', () => {
  test('counts reviews per study day over the last year, today last', () => {
    const heatmap = reviewHeatmap(
      [
        review({ reviewedAtMs: now }),
        review({ reviewedAtMs: now - hour }),
        review({ reviewedAtMs: now - 3 * day }),
        review({ reviewedAtMs: now - 400 * day }),
      ],
      now,
      utc,
    )
    expect(heatmap.days).toHaveLength(365)
    expect(heatmap.days.at(-1)).toMatchObject({ date: '2026-11-30', count: 2, level: 4 })
    expect(heatmap.days.at(-4)).toMatchObject({ date: '2026-11-27', count: 1, level: 2 })
    expect(heatmap.total).toBe(3)
    expect(heatmap.activeDays).toBe(2)
    expect(heatmap.busiest?.date).toBe('2026-11-30')
  })

  test('a review before the rollover hour belongs to the previous study day, in the learner’s zone', () => {
    // 01:30 in Berlin on 30 Nov is 00:30 UTC; with rollover at 4 it is still 29 Nov's study day.
    const lateNight = Date.UTC(2026, 10, 30, 0, 30)
    const heatmap = reviewHeatmap([review({ reviewedAtMs: lateNight })], now, {
      timezone: 'Europe/Berlin',
      rolloverHour: 4,
    })
    expect(heatmap.days.find((d) => d.count > 0)?.date).toBe('2026-11-29')
    const atMidnight = reviewHeatmap([review({ reviewedAtMs: lateNight })], now, {
      timezone: 'Europe/Berlin',
      rolloverHour: 0,
    })
    expect(atMidnight.days.find((d) => d.count > 0)?.date).toBe('2026-11-30')
  })
})

describe('true retention', () => {
  test('is the share of non-Again grades on cards in the review state, per Monday-based week', () => {
    const lastWeek = now - 7 * day
    const summary = weeklyTrueRetention(
      [
        review({ rating: Rating.Good }),
        review({ rating: Rating.Hard }),
        review({ rating: Rating.Again }),
        review({ rating: Rating.Easy }),
        // Not in the review state: ignored.
        review({ rating: Rating.Again, stateBefore: 0 }),
        review({ rating: Rating.Again, stateBefore: 3 }),
        review({ rating: Rating.Again, reviewedAtMs: lastWeek }),
      ],
      now,
      utc,
    )
    expect(summary.weeks).toHaveLength(12)
    expect(summary.weeks.at(-1)).toMatchObject({
      weekStartDate: '2026-11-30',
      reviewed: 4,
      passed: 3,
      retention: 0.75,
    })
    expect(summary.weeks.at(-2)).toMatchObject({
      weekStartDate: '2026-11-23',
      reviewed: 1,
      passed: 0,
      retention: 0,
    })
    expect(summary.weeks.at(-3)?.retention).toBeNull()
    expect(summary).toMatchObject({ reviewed: 5, passed: 3, retention: 0.6 })
  })
})

describe('forecast', () => {
  test('counts cards due per study day for 30 days, overdue ones today', () => {
    const forecast = dueForecast(
      [
        state({ cardId: 'a', dueMs: now - 5 * day }),
        state({ cardId: 'b', dueMs: now + 2 * hour }),
        state({ cardId: 'c', dueMs: now + 3 * day }),
        state({ cardId: 'd', dueMs: now + 29 * day }),
        state({ cardId: 'e', dueMs: now + 30 * day }),
      ],
      now,
      utc,
    )
    expect(forecast.days).toHaveLength(30)
    expect(forecast.days[0]).toMatchObject({ date: '2026-11-30', count: 2 })
    expect(forecast.days[3]).toMatchObject({ date: '2026-12-03', count: 1 })
    expect(forecast.days[29]?.count).toBe(1)
    expect(forecast).toMatchObject({ total: 4, overdue: 1 })
  })
})

describe('per-point misses', () => {
  test('counts, per card, how often each point was asked and left unticked; the critical one called out', () => {
    const all = ['claim-first', 'per-account', 'store-response']
    const [cardMisses, ...others] = pointMisses(
      [
        review({ pointsAll: all, pointsTicked: ['per-account', 'store-response'] }),
        review({ pointsAll: all, pointsTicked: ['per-account'] }),
        review({ pointsAll: [...all, 'old-point'], pointsTicked: all }),
      ],
      [card, { id: 'never-reviewed', title: 'Never reviewed', points: [] }],
    )
    expect(others).toEqual([])
    expect(cardMisses?.reviews).toBe(3)
    expect(cardMisses?.points.map((p) => [p.pointId, p.missed, p.asked])).toEqual([
      ['claim-first', 2, 3],
      // Ties keep deck order; a point the deck no longer has comes after the deck's.
      ['store-response', 1, 3],
      ['old-point', 1, 1],
      ['per-account', 0, 3],
    ])
    expect(cardMisses?.critical).toMatchObject({ text: 'Claim the key before any side effect', missed: 2 })
    expect(cardMisses?.points.find((p) => p.pointId === 'old-point')?.text).toBe('old-point')
  })
})

describe('the cards shown first', () => {
  test('all of them up to the limit; past it, the most missed, in deck order', () => {
    const cardOf = (cardId: string, missed: number) => ({
      cardId,
      title: cardId,
      reviews: 1,
      points: [{ pointId: 'p', text: 'p', critical: false, asked: 5, missed }],
      critical: null,
    })
    const misses = [cardOf('a', 1), cardOf('b', 4), cardOf('c', 0), cardOf('d', 3)]
    expect(mostMissedCards(misses, 4)).toEqual(misses)
    expect(mostMissedCards(misses, 2).map((c) => c.cardId)).toEqual(['b', 'd'])
  })
})

describe('the card rows shown first', () => {
  test('all of them up to the limit; past it, the soonest due (new cards last), in deck order', () => {
    const row = (cardId: string, dueMs: number | null) => ({
      ...cardOverview([{ id: cardId, title: cardId, points: [] }], [], now, defaultStatsSettings)[0]!,
      dueMs,
    })
    const cards = [row('a', now + day), row('b', null), row('c', now - day), row('d', now + 2 * day)]
    expect(soonestDueCards(cards, 4)).toEqual(cards)
    expect(soonestDueCards(cards, 2).map((c) => c.cardId)).toEqual(['a', 'c'])
  })
})

describe('card overview', () => {
  test('a card never reviewed is New with no stability or retrievability', () => {
    expect(cardOverview([card], [], now, defaultStatsSettings)).toEqual([
      expect.objectContaining({
        cardId: card.id,
        state: 'New',
        stability: null,
        retrievability: null,
        dueMs: null,
      }),
    ])
  })

  test('retrievability falls with time and is near the desired retention when the card falls due', () => {
    const lastReviewMs = now - 10 * day
    const row = state({ stability: 10, lastReviewMs, dueMs: lastReviewMs + 10 * day })
    const at = (t: number) =>
      cardOverview([card], [row], t, defaultStatsSettings)[0]?.retrievability ?? Number.NaN
    expect(at(now)).toBeCloseTo(0.9, 2)
    expect(at(lastReviewMs + day)).toBeGreaterThan(at(now))
    expect(at(now + 30 * day)).toBeLessThan(at(now))
    expect(cardOverview([card], [row], now, defaultStatsSettings)[0]).toMatchObject({
      state: 'Review',
      stability: 10,
    })
  })

  test('keeps a state whose card left the deck, marked as such', () => {
    const overview = cardOverview([card], [state({ cardId: 'retired-card' })], now, defaultStatsSettings)
    expect(overview.map((c) => [c.cardId, c.inDeck])).toEqual([
      ['idempotency-keys', true],
      ['retired-card', false],
    ])
  })
})

describe('stats from the database', () => {
  test('two recorded reviews show in the heatmap, the misses and the card table', async () => {
    const sqlite = freshDatabase()
    const db = sqliteDb(sqlite)
    const learner = await addLearner(db, '33333333-3333-4333-8333-333333333333')
    const all = card.points.map((p) => p.id)
    await recordReview(db, learner, {
      cardId: card.id,
      rating: Rating.Again,
      nowMs: now - day,
      pointsAll: all,
      pointsTicked: ['per-account', 'store-response'],
    })
    await recordReview(db, learner, {
      cardId: card.id,
      rating: Rating.Again,
      nowMs: now,
      pointsAll: all,
      pointsTicked: ['per-account'],
    })
    const stats = buildStats(
      {
        settings: await getStatsSettingsByLearnerId(db, learner),
        reviews: await getStatsReviewsByLearnerId(db, learner),
        cardStates: await getCardStatesByLearnerId(db, learner),
        cards: [card],
      },
      now,
    )
    expect(stats.heatmap.days.slice(-2).map((d) => d.count)).toEqual([1, 1])
    expect(stats.misses[0]?.critical).toMatchObject({ missed: 2, asked: 2 })
    expect(stats.cards[0]).toMatchObject({ state: 'Review', lapses: 1 })
    // Again with same-day steps off: due at the next study day's start (04:00 UTC tomorrow).
    expect(stats.forecast.days[1]?.count).toBe(1)
    // The second review was of a card in the review state, graded Again: a failed review.
    expect(stats.retention.weeks.at(-1)).toMatchObject({ reviewed: 1, passed: 0 })
  })

  test('a history read twice is decoded once; a new review, or one taken back, is read again', async () => {
    const sqlite = freshDatabase()
    const db = sqliteDb(sqlite)
    const learner = await addLearner(db, '44444444-4444-4444-8444-444444444444')
    const all = card.points.map((p) => p.id)
    // Again: due at the next study day's start, so each of these reviews is taken.
    const review = (nowMs: number) =>
      recordReview(db, learner, {
        cardId: card.id,
        rating: Rating.Again,
        nowMs,
        pointsAll: all,
        pointsTicked: all,
      })
    const times = async () => (await getStatsReviewsByLearnerId(db, learner)).map((r) => r.reviewedAtMs)
    await review(now - 10 * day)
    const first = await getStatsReviewsByLearnerId(db, learner)
    expect(await getStatsReviewsByLearnerId(db, learner)).toBe(first)
    await review(now - 5 * day)
    expect(await times()).toEqual([now - 10 * day, now - 5 * day])
    // Taken back (as undo does), then reviewed again: the same count, a newer id.
    sqlite.prepare('DELETE FROM review_logs WHERE id = (SELECT max(id) FROM review_logs)').run()
    expect(await times()).toEqual([now - 10 * day])
    await review(now)
    expect(await times()).toEqual([now - 10 * day, now])
  })

  test('the study days and miss counts kept with a history follow the next review', async () => {
    const db = sqliteDb(freshDatabase())
    const learner = await addLearner(db, '55555555-5555-4555-8555-555555555555')
    const all = card.points.map((p) => p.id)
    const view = async () =>
      buildStats(
        {
          settings: await getStatsSettingsByLearnerId(db, learner),
          reviews: await getStatsReviewsByLearnerId(db, learner),
          cardStates: await getCardStatesByLearnerId(db, learner),
          cards: [card],
        },
        now,
      )
    const review = (nowMs: number, pointsTicked: string[]) =>
      recordReview(db, learner, {
        cardId: card.id,
        rating: Rating.Again,
        nowMs,
        pointsAll: all,
        pointsTicked,
      })
    await review(now - day, all)
    const first = await view()
    // A second view of the same kept history gives the same figures.
    expect(await view()).toEqual(first)
    expect(first.misses[0]?.critical).toMatchObject({ missed: 0, asked: 1 })
    await review(now, ['per-account'])
    const second = await view()
    expect(second.heatmap.days.slice(-2).map((d) => d.count)).toEqual([1, 1])
    expect(second.misses[0]).toMatchObject({ reviews: 2, critical: { missed: 1, asked: 2 } })
    expect(second.retention.weeks.at(-1)).toMatchObject({ reviewed: 1, passed: 0 })
  })
})
