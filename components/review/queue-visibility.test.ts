import { describe, expect, test } from 'vitest'
import type { QueuedGrade } from '@/components/offline/grade-store'
import { hiddenCardIds } from './queue-visibility'

const grade = (cardId: string, status: QueuedGrade['status'], logId?: number): QueuedGrade => ({
  key: `${cardId}-${status}`,
  seq: 1,
  status,
  ...(logId === undefined ? {} : { logId }),
  body: {
    cardId,
    rating: 3,
    pointsTicked: [],
    durationMs: 1,
    answerMode: 'aloud',
    reviewedAt: '2026-12-01T10:00:00Z',
  },
})

describe('which rendered cards the device has graded since', () => {
  const rendered = [
    { cardId: 'a', lastReviewId: null },
    { cardId: 'b', lastReviewId: 7 },
    { cardId: 'c', lastReviewId: 9 },
  ]
  test('a grade waiting in the queue hides its card', () => {
    expect(hiddenCardIds([grade('a', 'pending')], rendered)).toEqual(new Set(['a']))
  })
  test('a synced grade hides its card only when this copy of the page predates its log', () => {
    expect(hiddenCardIds([grade('b', 'synced', 8), grade('c', 'synced', 9)], rendered)).toEqual(
      new Set(['b']),
    )
  })
  test('an undone or refused grade hides nothing', () => {
    expect(hiddenCardIds([grade('a', 'undone', 12), grade('b', 'refused')], rendered)).toEqual(new Set())
  })
})
