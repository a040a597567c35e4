import { describe, expect, test } from 'vitest'
import type { DayItem } from '@/lib/review/day-card'
import { queueItems } from './day-card'

const item = (cardId: string, round: string, queueNote = '3 due, 0 new'): DayItem => ({
  id: `${cardId}:${round}`,
  cardId,
  lastReviewId: round === 'first' ? null : Number(round),
  title: cardId,
  keepOffline: null,
  card: { kind: 'drill', cardId, title: cardId, prompt: '', queueNote, questions: [], choices: [] },
})

describe('the queue shown: the page’s first card, then the fetched day', () => {
  test('before the day arrives, the page’s first card alone', () => {
    const first = item('a', 'first')
    expect(queueItems(first, null)).toEqual([first])
  })

  test('the fetched day as it is when it holds the first card: its copy (drawn in the stored zone) wins', () => {
    const first = item('a', 'first', 'drawn in UTC')
    const fetched = [item('a', 'first', 'drawn in Berlin'), item('b', 'first')]
    const queue = queueItems(first, fetched)
    expect(queue).toEqual(fetched)
    expect(queue[0]?.card.queueNote).toBe('drawn in Berlin')
  })

  test('a page redrawn after grades: the fetched cards before its first are gone (graded since that copy)', () => {
    const fetched = [item('a', 'first'), item('b', 'first'), item('c', 'first')]
    expect(queueItems(item('b', 'first'), fetched).map((i) => i.id)).toEqual(['b:first', 'c:first'])
  })

  test('a page redrawn with a card the fetched copy lacks (a new round after Again) puts it first', () => {
    const first = item('a', '7')
    const fetched = [item('a', 'first'), item('b', 'first')]
    expect(queueItems(first, fetched).map((i) => i.id)).toEqual(['a:7', 'a:first', 'b:first'])
  })

  test('an empty fetched day (done elsewhere) still shows the page’s card', () => {
    const first = item('a', 'first')
    expect(queueItems(first, [])).toEqual([first])
  })
})
