import { afterEach, describe, expect, test, vi } from 'vitest'
import { studyDayBounds } from '@/lib/calendar'
import { Rating } from './rubric'
import { type CardSchedule, DEFAULT_SCHEDULER_SETTINGS, intervalLabel, previewSchedule } from './scheduler'

const now = Date.parse('2026-03-10T10:00:00Z')
const berlin = { ...DEFAULT_SCHEDULER_SETTINGS, timezone: 'Europe/Berlin' }

// A card last seen 20 days ago with a 20-day interval: long enough for fuzz to matter.
const mature: CardSchedule = {
  dueMs: now - 3_600_000,
  stability: 20,
  difficulty: 5,
  elapsedDays: 0,
  scheduledDays: 20,
  learningSteps: 0,
  reps: 6,
  lapses: 0,
  state: 2,
  lastReviewMs: now - 20 * 86_400_000,
}

afterEach(() => vi.restoreAllMocks())

describe('previewSchedule', () => {
  test('never reads the wall clock or Math.random', () => {
    vi.spyOn(Math, 'random').mockImplementation(() => {
      throw new Error('Math.random called')
    })
    vi.spyOn(Date, 'now').mockImplementation(() => {
      throw new Error('Date.now called')
    })
    expect(() => previewSchedule('idempotency-keys', mature, now, berlin)).not.toThrow()
  })

  test('fuzz is on and seeded by the card id: the same card always gets the same interval, cards differ', () => {
    const goodDays = (cardId: string) =>
      previewSchedule(cardId, mature, now, berlin)[Rating.Good].intervalDays
    expect(goodDays('idempotency-keys')).toBe(goodDays('idempotency-keys'))
    const spread = new Set(Array.from({ length: 20 }, (_, i) => goodDays(`card-${i}`)))
    expect(spread.size).toBeGreaterThan(1)
  })

  test('day intervals are due at the start of a study day (04:00 local)', () => {
    const preview = previewSchedule('idempotency-keys', mature, now, berlin)
    for (const rating of [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy] as const) {
      const dueMs = preview[rating].next.dueMs
      expect(studyDayBounds(dueMs, berlin).startMs).toBe(dueMs) // 04:00 CET or CEST
      expect(preview[rating].intervalDays).toBeGreaterThanOrEqual(1)
    }
    expect(preview[Rating.Again].intervalDays).toBe(1)
  })

  test('intervals grow Again < Hard < Good < Easy', () => {
    const p = previewSchedule('idempotency-keys', mature, now, berlin)
    expect(p[Rating.Again].next.dueMs).toBeLessThan(p[Rating.Hard].next.dueMs)
    expect(p[Rating.Hard].next.dueMs).toBeLessThan(p[Rating.Good].next.dueMs)
    expect(p[Rating.Good].next.dueMs).toBeLessThan(p[Rating.Easy].next.dueMs)
  })

  test('same-day steps on: Again on a new card comes back in minutes', () => {
    const p = previewSchedule('idempotency-keys', null, now, { ...berlin, sameDaySteps: true })
    expect(p[Rating.Again].intervalDays).toBe(0)
    expect(p[Rating.Again].intervalMs).toBeLessThan(60 * 60_000)
  })

  test('a higher desired retention gives a shorter Good interval', () => {
    const at = (desiredRetention: number) =>
      previewSchedule('idempotency-keys', mature, now, { ...berlin, desiredRetention })[Rating.Good]
        .intervalDays
    expect(at(0.97)).toBeLessThan(at(0.8))
  })
})

describe('intervalLabel', () => {
  test('reads naturally', () => {
    expect(intervalLabel({ intervalDays: 0, intervalMs: 10 * 60_000 })).toBe('10 minutes')
    expect(intervalLabel({ intervalDays: 1, intervalMs: 0 })).toBe('1 day')
    expect(intervalLabel({ intervalDays: 12, intervalMs: 0 })).toBe('12 days')
    expect(intervalLabel({ intervalDays: 45, intervalMs: 0 })).toBe('1.5 months')
    expect(intervalLabel({ intervalDays: 730, intervalMs: 0 })).toBe('2 years')
  })
})
