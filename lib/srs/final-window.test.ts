// The final-window rule through the scheduler itself (lib/srs previewSchedule): over
// random histories, zones and interview dates, every grade before the interview
// leaves the card due on or before the day before it (so no studied card goes
// unreviewed in the final window), never later than plain FSRS; on and after the
// interview day, schedules are plain FSRS exactly.
import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { dayNumberIsoDate, isoDateDayNumber, startOfStudyDayNumberMs, studyDayNumberOf } from '@/lib/calendar'
import { RATINGS, Rating } from '@/lib/srs/rubric'
import {
  type CardSchedule,
  DEFAULT_SCHEDULER_SETTINGS,
  previewSchedule,
  type SchedulerSettings,
} from '@/lib/srs/scheduler'
import { propertySeed, seedLabel } from '@/tests/property-seed'
import { dueDayWithFinalWindow, FINAL_WINDOW_DAYS, finalWindowAhead, isInFinalWindow } from './final-window'

const seed = propertySeed(20261201)
const HOUR_MS = 3_600_000
const t0 = Date.parse('2026-03-10T10:00:00Z')

const historyArb = fc.record({
  timezone: fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland'),
  rolloverHour: fc.integer({ min: 0, max: 23 }),
  desiredRetention: fc.constantFrom(0.7, 0.8, 0.9, 0.95, 0.97),
  cardId: fc.string({ minLength: 1, maxLength: 12 }),
  /** Days from the start to the interview. */
  interviewInDays: fc.integer({ min: 1, max: 120 }),
  /** Each review: hours after the previous due (or after the start), and its rating. */
  reviews: fc.array(
    fc.record({ lateHours: fc.integer({ min: 0, max: 24 * 40 }), rating: fc.constantFrom(...RATINGS) }),
    {
      minLength: 1,
      maxLength: 12,
    },
  ),
})

describe('the final window, through the scheduler', () => {
  test(`every grade before the interview is due by the day before it, never later than plain FSRS ${seedLabel(seed)}`, () => {
    fc.assert(
      fc.property(historyArb, (h) => {
        const plain: SchedulerSettings = { ...DEFAULT_SCHEDULER_SETTINGS, ...h }
        const startDay = studyDayNumberOf(t0, plain)
        const interviewDay = startDay + h.interviewInDays
        const planned: SchedulerSettings = { ...plain, interviewDate: dayNumberIsoDate(interviewDay) }
        let schedule: CardSchedule | null = null
        let atMs = t0
        let reviewedInWindow = false
        for (const review of h.reviews) {
          const withPlan = previewSchedule(h.cardId, schedule, atMs, planned)
          const withoutPlan = previewSchedule(h.cardId, schedule, atMs, plain)
          const today = studyDayNumberOf(atMs, plain)
          const firstSight = schedule === null
          // Before the window every grade is due by the day before the interview; inside it only
          // a first sight is (any later review there is the card's window review: plain FSRS).
          const mustLandBefore =
            today < interviewDay - FINAL_WINDOW_DAYS || (firstSight && today < interviewDay - 1)
          for (const rating of RATINGS) {
            const due = withPlan[rating].next.dueMs
            expect(due).toBeLessThanOrEqual(withoutPlan[rating].next.dueMs)
            // Memory is FSRS's either way; only the due moves.
            expect(withPlan[rating].next.stability).toBe(withoutPlan[rating].next.stability)
            const dueDay = studyDayNumberOf(due, plain)
            if (mustLandBefore) expect(dueDay).toBeLessThanOrEqual(interviewDay - 1)
            else if (today < interviewDay - 1 || today >= interviewDay)
              expect(withPlan[rating].next.dueMs).toBe(withoutPlan[rating].next.dueMs)
            if (today >= interviewDay) expect(withPlan[rating]).toEqual(withoutPlan[rating])
            if (withPlan[rating].broughtForwardFromMs !== undefined) {
              expect(withPlan[rating].broughtForwardFromMs).toBe(withoutPlan[rating].next.dueMs)
              expect(dueDay).toBeGreaterThanOrEqual(interviewDay - FINAL_WINDOW_DAYS)
            }
          }
          if (today < interviewDay && isInFinalWindow(today, interviewDay)) reviewedInWindow = true
          schedule = withPlan[review.rating].next
          // The learner comes back when the card is due (or later): stop at the interview.
          const nextMs = Math.max(atMs + 1, schedule.dueMs) + review.lateHours * HOUR_MS
          if (studyDayNumberOf(nextMs, plain) >= interviewDay) break
          atMs = nextMs
        }
        // No studied card unreviewed in the window: reviewed there, or still due by the day before.
        if (schedule && studyDayNumberOf(t0, plain) < interviewDay)
          expect(reviewedInWindow || studyDayNumberOf(schedule.dueMs, plain) <= interviewDay - 1).toBe(true)
      }),
      { seed, numRuns: 300 },
    )
  })

  test('a plain due before the interview day is left alone; one on or after it moves into the window', () => {
    const interviewDay = 1000
    expect(
      dueDayWithFinalWindow({
        cardKey: 'a',
        todayDay: 990,
        plainDueDay: 996,
        interviewDay,
        firstSight: false,
      }),
    ).toEqual({
      dueDay: 996,
      broughtForwardFromDay: null,
    })
    for (const plainDueDay of [1000, 1001, 1200]) {
      const moved = dueDayWithFinalWindow({
        cardKey: 'a',
        todayDay: 990,
        plainDueDay,
        interviewDay,
        firstSight: false,
      })
      expect(moved.dueDay).toBeGreaterThanOrEqual(997)
      expect(moved.dueDay).toBeLessThanOrEqual(999)
      expect(moved.broughtForwardFromDay).toBe(plainDueDay)
    }
  })

  test('with fewer days left the window is the days still ahead; inside it only a first sight moves', () => {
    expect(finalWindowAhead(990, 1000)).toEqual({ firstDay: 997, lastDay: 999 })
    expect(finalWindowAhead(997, 1000)).toEqual({ firstDay: 998, lastDay: 999 })
    expect(finalWindowAhead(999, 1000)).toBeNull()
    const at = (todayDay: number, firstSight: boolean) =>
      dueDayWithFinalWindow({ cardKey: 'a', todayDay, plainDueDay: 1003, interviewDay: 1000, firstSight })
        .dueDay
    expect(at(999, true)).toBe(1003)
    // Inside the window a review is the card's window review (plain); a first sight is brought forward.
    expect(at(997, false)).toBe(1003)
    expect(at(998, true)).toBe(999)
  })

  test('after the interview day, previews are plain FSRS', () => {
    const settings = { ...DEFAULT_SCHEDULER_SETTINGS, timezone: 'Europe/Berlin' }
    const today = studyDayNumberOf(t0, settings)
    for (const daysAgo of [0, 1, 30]) {
      const planned = { ...settings, interviewDate: dayNumberIsoDate(today - daysAgo) }
      expect(previewSchedule('idempotency-keys', null, t0, planned)).toEqual(
        previewSchedule('idempotency-keys', null, t0, settings),
      )
    }
  })

  test('Easy on a new card ten days before the interview is due by the day before it', () => {
    const settings = { ...DEFAULT_SCHEDULER_SETTINGS, timezone: 'Europe/Berlin' }
    const today = studyDayNumberOf(t0, settings)
    const planned = { ...settings, interviewDate: dayNumberIsoDate(today + 10) }
    for (const cardId of ['idempotency-keys', 'in-flight-retry', 'unknown-outcome', 'drill-expiry']) {
      const easy = previewSchedule(cardId, null, t0, planned)[Rating.Easy]
      expect(easy.next.dueMs).toBeLessThanOrEqual(startOfStudyDayNumberMs(today + 9, settings))
    }
  })

  test('dates read as calendar days, and only real ones', () => {
    expect(dayNumberIsoDate(isoDateDayNumber('2026-03-20') ?? 0)).toBe('2026-03-20')
    for (const bad of ['2026-02-30', '2026-13-01', '20-03-2026', 'soon', '2026-3-1'])
      expect(isoDateDayNumber(bad)).toBeNull()
  })
})
