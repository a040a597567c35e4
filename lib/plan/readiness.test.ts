// Readiness is the FSRS forgetting curve at the start of the interview day, and
// keeping to the plan never leaves a card worse off than stopping now.
import fc from 'fast-check'
import { computeDecayFactor, default_w } from 'ts-fsrs'
import { describe, expect, test } from 'vitest'
import type { CardStateRecord } from '@/db/queries/study'
import { DAY_MS, dayNumberIsoDate, startOfStudyDayNumberMs, studyDayNumberOf } from '@/lib/calendar'
import { DEFAULT_STUDY_SETTINGS, type StudySettings } from '@/lib/srs/settings'
import { propertySeed, seedLabel } from '@/tests/property-seed'
import { buildPlan } from './build-plan'
import { recallAtInterview } from './readiness'
import { dueMovesForInterview } from './reschedule'

const seed = propertySeed(20261202)
const t0 = Date.parse('2026-03-10T10:00:00Z')
const berlin: StudySettings = { ...DEFAULT_STUDY_SETTINGS, timezone: 'Europe/Berlin' }
const today = studyDayNumberOf(t0, berlin)

function reviewed(cardId: string, stability: number, daysAgo: number, dueInDays: number): CardStateRecord {
  const lastReviewMs = t0 - daysAgo * DAY_MS
  return {
    cardId,
    dueMs: startOfStudyDayNumberMs(today + dueInDays, berlin),
    stability,
    difficulty: 5,
    elapsedDays: 0,
    scheduledDays: dueInDays + daysAgo,
    learningSteps: 0,
    reps: 3,
    lapses: 0,
    state: 2,
    lastReviewMs,
  }
}

describe('recall on the interview day', () => {
  test('equals the forgetting curve for the stability and the whole study days since the last review', () => {
    const { decay, factor } = computeDecayFactor(default_w)
    for (const [stability, daysAgo, interviewIn] of [
      [2.3, 0, 1],
      [8.3, 3, 10],
      [40, 20, 30],
      [0.5, 1, 2],
    ] as const) {
      const row = reviewed('c', stability, daysAgo, 1)
      const elapsed = today + interviewIn - studyDayNumberOf(row.lastReviewMs ?? 0, berlin)
      expect(elapsed).toBe(daysAgo + interviewIn)
      expect(recallAtInterview(row, today + interviewIn, berlin, null)).toBeCloseTo(
        (1 + (factor * elapsed) / stability) ** decay,
        7,
      )
    }
  })

  test('is null for a card never studied', () => {
    expect(
      recallAtInterview({ state: 0, stability: 0, lastReviewMs: null }, today + 5, berlin, null),
    ).toBeNull()
  })

  test(`with the plan it is never below "now", card by card and on average ${seedLabel(seed)}`, () => {
    const cardArb = fc.record({
      stability: fc.double({ min: 0.2, max: 400, noNaN: true }),
      daysAgo: fc.integer({ min: 0, max: 60 }),
      dueInDays: fc.integer({ min: -10, max: 90 }),
    })
    fc.assert(
      fc.property(
        fc.array(cardArb, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 60 }),
        (cards, interviewIn) => {
          const cardStates = cards.map((c, i) => reviewed(`card-${i}`, c.stability, c.daysAgo, c.dueInDays))
          const plan = buildPlan({
            nowMs: t0,
            settings: { ...berlin, interviewDate: dayNumberIsoDate(today + interviewIn) },
            deck: cardStates.map((row) => ({ id: row.cardId, title: row.cardId })),
            cardStates,
            startedToday: 0,
          })
          for (const card of plan.cards) {
            expect(card.recallAtInterview).not.toBeNull()
            expect(card.recallWithPlan ?? 0).toBeGreaterThanOrEqual((card.recallAtInterview ?? 0) - 1e-9)
          }
          expect(plan.expectedRecallWithPlan ?? 0).toBeGreaterThanOrEqual((plan.expectedRecall ?? 0) - 1e-9)
        },
      ),
      { seed, numRuns: 100 },
    )
  })
})

describe('the plan', () => {
  test('counts down in study days, says "today" on the day and steps aside after it', () => {
    const deck = [{ id: 'a', title: 'A' }]
    const planFor = (interviewIn: number) =>
      buildPlan({
        nowMs: t0,
        settings: { ...berlin, interviewDate: dayNumberIsoDate(today + interviewIn) },
        deck,
        cardStates: [reviewed('a', 10, 2, 5)],
        startedToday: 0,
      })
    expect(planFor(10)).toMatchObject({ status: 'ahead', daysLeft: 10 })
    expect(planFor(0)).toMatchObject({ status: 'today', daysLeft: 0 })
    expect(planFor(-1)).toMatchObject({ status: 'passed', daysLeft: -1, expectedRecall: null })
    const none = buildPlan({ nowMs: t0, settings: berlin, deck, cardStates: [], startedToday: 0 })
    expect(none).toMatchObject({ status: 'none', interviewDate: null, daysLeft: null })
  })

  test('plans reviews per day to the interview from the scheduler, the final window included', () => {
    // As saved with the date: a due after the interview has been brought into its window.
    const stored = [reviewed('a', 30, 1, 25), reviewed('b', 3, 1, 2)]
    const moves = dueMovesForInterview({
      cardStates: stored,
      todayDay: today,
      interviewDay: today + 20,
      config: berlin,
    })
    expect(moves.map((move) => move.cardId)).toEqual(['a'])
    const cardStates = stored.map((row) => {
      const move = moves.find((m) => m.cardId === row.cardId)
      return move ? { ...row, dueMs: move.toMs } : row
    })
    const plan = buildPlan({
      nowMs: t0,
      settings: { ...berlin, interviewDate: dayNumberIsoDate(today + 20) },
      deck: [
        { id: 'a', title: 'A' },
        { id: 'b', title: 'B' },
        { id: 'new', title: 'New' },
      ],
      cardStates,
      startedToday: 0,
    })
    expect(plan.days).toHaveLength(21)
    expect(plan.days.at(-1)).toMatchObject({ date: dayNumberIsoDate(today + 20), reviews: 0, newCards: 0 })
    const a = plan.cards.find((card) => card.cardId === 'a')
    // Due after the interview until the date was saved: one planned review, in the final window.
    expect(a?.plannedReviews).toBe(1)
    const lastA = studyDayNumberOf(a?.lastPlannedReviewMs ?? 0, berlin)
    expect(lastA).toBeGreaterThanOrEqual(today + 17)
    expect(lastA).toBeLessThanOrEqual(today + 19)
    // Every studied card's last planned review is in the window.
    for (const card of plan.cards)
      expect(studyDayNumberOf(card.lastPlannedReviewMs ?? 0, berlin)).toBeGreaterThanOrEqual(today + 17)
    expect(plan.days[0]?.newCards).toBe(1)
    expect(plan.cards.find((card) => card.cardId === 'new')).toMatchObject({
      plannedStartDay: today,
      startByDay: today + 18,
    })
  })
})
