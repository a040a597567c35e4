import { describe, expect, test } from 'vitest'
import { gradeRequestSchema } from './grade-input'

const valid = {
  cardId: 'idempotency-keys',
  attemptToken: '5f0c1a9e-8d2b-4c1e-9a7f-0b1c2d3e4f50',
  rating: 1,
  pointsTicked: ['one-key-per-intent'],
  durationMs: 61_000,
  answerMode: 'spoken',
  timezone: 'Europe/Berlin',
}

describe('gradeRequestSchema', () => {
  test('accepts what the review page sends', () => {
    expect(gradeRequestSchema.safeParse(valid).success).toBe(true)
  })

  test.each([
    ['a rating outside 1–4', { rating: 0 }],
    ['a rating as text', { rating: 'Good' }],
    ['a short attempt token', { attemptToken: 'x' }],
    ['a negative duration', { durationMs: -1 }],
    ['an unknown answer mode', { answerMode: 'telepathy' }],
    ['an unknown time zone', { timezone: 'Mars/Olympus_Mons' }],
    ['an unexpected field', { learnerId: 'someone-else' }],
  ])('rejects %s', (_name, change) => {
    expect(gradeRequestSchema.safeParse({ ...valid, ...change }).success).toBe(false)
  })
})
