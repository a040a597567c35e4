// The pure parts of teaching the grader: which selections can be taught, and which of a learner's
// phrases travel with a card (taught for it, or for a point sharing one of its points' key concepts).
import { describe, expect, test } from 'vitest'
import { cardById } from '@/lib/content/cards'
import type { TaughtPhrase } from '@/lib/grading'
import { phraseProblem, taughtForCard } from './teach-grader'

describe('phraseProblem', () => {
  const answer = 'first we pencil the ticket in, then we charge'
  test('words of the answer can be taught, trimmed', () => {
    expect(phraseProblem('pencil the ticket in', answer)).toBeNull()
    expect(phraseProblem('  pencil the ticket  ', answer)).toBeNull()
  })
  test('nothing selected, only punctuation, words not in the answer, or too long: the reason', () => {
    expect(phraseProblem('', answer)).toMatch(/select the words/i)
    expect(phraseProblem(' , ', answer)).toMatch(/select the words/i)
    expect(phraseProblem('pencil the contract', answer)).toMatch(/not in your answer/)
    const long = 'a'.repeat(301)
    expect(phraseProblem(long, long)).toMatch(/at most 300 characters/)
  })
})

describe('taughtForCard', () => {
  const taught = (cardId: string, concept: string | null): TaughtPhrase => ({
    cardId,
    pointId: 'p',
    phrase: `words for ${cardId}`,
    concept,
  })
  const points = cardById('provider-outside-transaction')!.points
  test("the card's own phrases and those sharing a key concept of its points travel with it", () => {
    const own = taught('provider-outside-transaction', null)
    const shared = taught('idempotency-keys', 'hash')
    const unrelated = taught('idempotency-keys', 'no-such-concept')
    const otherCardOnly = taught('unknown-outcome', null)
    expect(
      taughtForCard('provider-outside-transaction', points, [own, shared, unrelated, otherCardOnly]),
    ).toEqual([own, shared])
  })
  test('a card without points carries none', () => {
    expect(taughtForCard('x', [], [taught('x', null)])).toEqual([])
  })
})
