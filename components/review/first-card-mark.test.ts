import { afterEach, expect, test } from 'vitest'
import { FIRST_CARD_MARK, markFirstCard } from './first-card-mark'

afterEach(() => performance.clearMarks(FIRST_CARD_MARK))

test('the first-card mark is set once per page load, however often the queue renders', () => {
  markFirstCard()
  markFirstCard()
  expect(performance.getEntriesByName(FIRST_CARD_MARK, 'mark')).toHaveLength(1)
})
