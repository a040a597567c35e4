import { describe, expect, test } from 'vitest'
import { fivePointCard, followUpCard } from '@/tests/review/fixtures'
import { Rating, suggestRating } from './rubric'

function subsets<T>(items: readonly T[]): T[][] {
  return Array.from({ length: 2 ** items.length }, (_, mask) => items.filter((_, i) => mask & (1 << i)))
}

describe('suggestRating, every combination of ticks on the five-point card', () => {
  const ids = fivePointCard.points.map((p) => p.id)
  for (const tickedIds of subsets(ids)) {
    const missed = ids.filter((id) => !tickedIds.includes(id))
    const criticalMissed = missed.includes('claim-before-effect')
    const expected = criticalMissed
      ? Rating.Again
      : missed.length === 0
        ? Rating.Good
        : missed.length === 1
          ? Rating.Hard
          : Rating.Again
    test(`missed [${missed.join(', ') || 'none'}] → ${expected}`, () => {
      expect(suggestRating(fivePointCard.points, new Set(tickedIds))).toBe(expected)
    })
  }
})

describe('suggestRating rules by name', () => {
  const all = new Set(fivePointCard.points.map((p) => p.id))
  const without = (...ids: string[]) => new Set([...all].filter((id) => !ids.includes(id)))

  test('the critical point alone missed is Again, not Hard', () => {
    expect(suggestRating(fivePointCard.points, without('claim-before-effect'))).toBe(Rating.Again)
  })
  test('every point said is Good (never Easy)', () => {
    expect(suggestRating(fivePointCard.points, all)).toBe(Rating.Good)
  })
  test('exactly one ordinary point missed is Hard', () => {
    expect(suggestRating(fivePointCard.points, without('expiry-and-scope'))).toBe(Rating.Hard)
  })
  test('two ordinary points missed is Again', () => {
    expect(suggestRating(fivePointCard.points, without('expiry-and-scope', 'reject-changed-body'))).toBe(
      Rating.Again,
    )
  })
  test('a two-point card: critical missed → Again, the other missed → Hard', () => {
    expect(suggestRating(followUpCard.points, new Set(['never-second-charge']))).toBe(Rating.Again)
    expect(suggestRating(followUpCard.points, new Set(['return-409']))).toBe(Rating.Hard)
  })
  test('ticks for points the card does not have change nothing', () => {
    expect(suggestRating(fivePointCard.points, new Set([...without('expiry-and-scope'), 'made-up']))).toBe(
      Rating.Hard,
    )
  })
})
