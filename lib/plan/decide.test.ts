// Help me decide: deterministic for a seed, and monotone where it must be — asking
// for more retention never costs fewer minutes, over a realistic deck.
import { describe, expect, test } from 'vitest'
import { DAY_MS } from '@/lib/calendar'
import { mulberry32 } from '@/lib/mulberry32'
import type { CardSchedule } from '@/lib/srs/scheduler'
import { answerProfileFrom } from './answer-profile'
import { type DecideCard, helpMeDecide, RETENTION_CHOICES } from './decide'

const t0 = Date.parse('2026-03-10T10:00:00Z')
const config = { timezone: 'UTC', rolloverHour: 4 }
const today = Math.floor((t0 - 4 * 3_600_000) / DAY_MS)

/** A deck of studied cards with stabilities from half a day to two months, and some not started. */
function deck(size: number, seed: number): DecideCard[] {
  const random = mulberry32(seed)
  return Array.from({ length: size }, (_, i) => {
    if (i % 10 === 9) return { cardId: `new-${i}`, schedule: null, startDay: today + (i % 7) }
    const stability = 0.5 + random() * 60
    const lastReviewMs = t0 - Math.floor(random() * stability * 1.2) * DAY_MS
    const schedule: CardSchedule = {
      dueMs: lastReviewMs + Math.max(1, Math.round(stability)) * DAY_MS,
      stability,
      difficulty: 1 + random() * 9,
      elapsedDays: 0,
      scheduledDays: Math.round(stability),
      learningSteps: 0,
      reps: 4,
      lapses: 0,
      state: 2,
      lastReviewMs,
    }
    return { cardId: `card-${i}`, schedule, startDay: null }
  })
}

const run = (cards: DecideCard[], seed: number, interviewIn = 30) =>
  helpMeDecide({
    cards,
    todayDay: today,
    interviewDay: today + interviewIn,
    config,
    parameters: null,
    sameDaySteps: false,
    profile: answerProfileFrom([]),
    seed,
  })

describe('helpMeDecide', () => {
  test('compares the 28 retentions 0.70…0.97', () => {
    expect(RETENTION_CHOICES).toHaveLength(28)
    expect(RETENTION_CHOICES[0]).toBe(0.7)
    expect(RETENTION_CHOICES.at(-1)).toBe(0.97)
  })

  test('the same seed gives the same numbers; another seed other numbers', () => {
    const cards = deck(60, 1)
    expect(run(cards, 7)).toEqual(run(cards, 7))
    expect(run(cards, 8).outcomes).not.toEqual(run(cards, 7).outcomes)
  })

  for (const seed of [1, 2, 3])
    test(`more retention never costs fewer minutes, nor fewer reviews (300 cards, seed ${seed})`, () => {
      const { outcomes } = run(deck(300, seed), seed)
      for (let i = 1; i < outcomes.length; i++) {
        expect(outcomes[i]!.minutesPerDay).toBeGreaterThanOrEqual(outcomes[i - 1]!.minutesPerDay)
        expect(outcomes[i]!.reviewsPerDay).toBeGreaterThanOrEqual(outcomes[i - 1]!.reviewsPerDay)
      }
      // Over the whole range, recall on the day rises too.
      expect(outcomes.at(-1)!.expectedRecall).toBeGreaterThan(outcomes[0]!.expectedRecall)
    })

  test('answer times and the rating mix come from the learner’s own log', () => {
    const history = Array.from({ length: 40 }, (_, i) => ({
      cardId: `c${i % 8}`,
      rating: i < 8 ? 4 : 3,
      stateBefore: i < 8 ? 0 : 2,
      reviewedAtMs: t0 + i,
      durationMs: i < 8 ? 90_000 : 20_000,
    }))
    const profile = answerProfileFrom(history)
    expect(profile.firstSeconds[3]).toBe(90)
    expect(profile.reviewSeconds[2]).toBe(20)
    expect(profile.recalledRatingShare).toEqual([0, 1, 0])
    // Eight first sights are too few to trust: fsrs-rs's default mix.
    expect(profile.firstRatingShare[2]).toBeCloseTo(0.495)
  })
})
