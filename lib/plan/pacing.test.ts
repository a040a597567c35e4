// New-card pacing: the daily limit rises (up to the maximum new per day) so every
// card starts in time to be seen twice; the shortfall is counted when it cannot.
import { describe, expect, test } from 'vitest'
import { lastStartDay, newCardCeilingToday, newCardPacing, plannedStarts } from './pacing'

const base = { newPerDay: 5, maxNewPerDay: 20, todayDay: 100, startedToday: 0 }

describe('new-card pacing', () => {
  test('without a date, or with time to spare, the limit is "new cards per day"', () => {
    expect(newCardPacing({ ...base, interviewDay: null, notStarted: 500 }).limitToday).toBe(5)
    expect(newCardPacing({ ...base, interviewDay: 130, notStarted: 20 })).toMatchObject({
      limitToday: 5,
      shortPerDay: 0,
    })
  })

  test('raises the limit when the cards would not all start by two days before the interview', () => {
    // Days 100…108 (9 days) to start 90 cards: 10 a day.
    const pacing = newCardPacing({ ...base, interviewDay: 110, notStarted: 90 })
    expect(lastStartDay(110)).toBe(108)
    expect(pacing).toMatchObject({
      limitToday: 10,
      neededPerDay: 10,
      daysToStart: 9,
      shortPerDay: 0,
      cardsLate: 0,
    })
  })

  test('never above the maximum new per day, and says by how much it falls short', () => {
    const pacing = newCardPacing({ ...base, interviewDay: 105, notStarted: 200 })
    // 4 days (100…103): 50 a day needed, 20 allowed.
    expect(pacing).toMatchObject({
      limitToday: 20,
      neededPerDay: 50,
      ceiling: 20,
      shortPerDay: 30,
      cardsLate: 120,
    })
  })

  test('counts the cards started today against today', () => {
    const pacing = newCardPacing({ ...base, startedToday: 8, interviewDay: 110, notStarted: 82 })
    expect(pacing.limitToday).toBe(10)
  })

  test('the grade guard allows the ceiling only while the interview is ahead', () => {
    expect(newCardCeilingToday({ ...base, interviewDay: 110 })).toBe(20)
    expect(newCardCeilingToday({ ...base, interviewDay: 100 })).toBe(5)
    expect(newCardCeilingToday({ ...base, interviewDay: null })).toBe(5)
  })

  test('start days: today first, then the paced limit a day; start-by works back from the last start day', () => {
    const pacing = newCardPacing({ ...base, interviewDay: 110, notStarted: 25 })
    const starts = plannedStarts(pacing, { todayDay: 100, interviewDay: 110, startedToday: 0, count: 25 })
    expect(starts.map((s) => s.plannedDay)).toEqual([
      ...Array(5).fill(100),
      ...Array(5).fill(101),
      ...Array(5).fill(102),
      ...Array(5).fill(103),
      ...Array(5).fill(104),
    ])
    expect(starts.at(-1)?.startByDay).toBe(108)
    expect(starts[0]?.startByDay).toBe(107)
  })
})
