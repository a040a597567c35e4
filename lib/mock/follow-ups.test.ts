// Goal: the interviewer digs at the biggest gap first — the critical point contradicted or left
// out, then other contradicted points, then points left out in card order — each time with the
// first follow-up that deepens it; with nothing left to dig, the learner's hardest follow-up.
import { describe, expect, test } from 'vitest'
import { cardById } from '@/lib/content/cards'
import { type FollowUpInput, gapsInOrder, nextFollowUp } from '@/lib/mock/follow-ups'
import { mockCardOf } from '@/lib/mock/mock-cards'
import { mainVerdictsSoFar } from '@/lib/mock/report'

const points = [
  { id: 'a', critical: false },
  { id: 'b', critical: true },
  { id: 'c', critical: false },
  { id: 'd', critical: false },
]
const heard = (id: string) => ({ id, heard: true, contradiction: null })
const missed = (id: string) => ({ id, heard: false, contradiction: null })
const wrong = (id: string) => ({ id, heard: false, contradiction: { text: 'wrong', flaw: null } })

function input(overrides: Partial<FollowUpInput>): FollowUpInput {
  return {
    mainPoints: points,
    verdicts: points.map((p) => heard(p.id)),
    options: [
      { id: 'f-a', deepens: ['a'] },
      { id: 'f-b', deepens: ['b'] },
      { id: 'f-cd', deepens: ['c', 'd'] },
      { id: 'f-none', deepens: [] },
    ],
    asked: [],
    recall: {},
    ...overrides,
  }
}

describe('the next follow-up', () => {
  test('the critical point left out comes before an ordinary point contradicted', () => {
    const verdicts = [wrong('a'), missed('b'), heard('c'), heard('d')]
    expect(gapsInOrder({ mainPoints: points, verdicts })).toEqual(['b', 'a'])
    expect(nextFollowUp(input({ verdicts }))).toEqual({ cardId: 'f-b', because: 'b' })
  })

  test('a contradicted point comes before one left out earlier in the card', () => {
    const verdicts = [missed('a'), heard('b'), heard('c'), wrong('d')]
    expect(nextFollowUp(input({ verdicts }))).toEqual({ cardId: 'f-cd', because: 'd' })
  })

  test('points left out go in card order, and a gap already dug into is not dug again', () => {
    const verdicts = [heard('a'), heard('b'), missed('c'), missed('d')]
    expect(nextFollowUp(input({ verdicts }))).toEqual({ cardId: 'f-cd', because: 'c' })
    // f-cd deepened both c and d: what is left is the hardest of the rest.
    expect(
      nextFollowUp(input({ verdicts, asked: ['f-cd'], recall: { 'f-a': 0.9, 'f-b': 0.4, 'f-none': 0.7 } })),
    ).toEqual({
      cardId: 'f-b',
      because: null,
    })
  })

  test('everything said: lowest recall first, a card never studied (0) before any studied one', () => {
    expect(nextFollowUp(input({ recall: { 'f-a': 0.8, 'f-b': 0.3, 'f-cd': 0.95 } }))).toEqual({
      cardId: 'f-none',
      because: null,
    })
    expect(
      nextFollowUp(input({ recall: { 'f-a': 0.8, 'f-b': 0.3, 'f-cd': 0.95, 'f-none': 0.5 } }))?.cardId,
    ).toBe('f-b')
  })

  test('at most three follow-ups, and none once every follow-up was asked', () => {
    expect(nextFollowUp(input({ asked: ['f-a', 'f-b', 'f-cd'] }))).toBeNull()
    expect(nextFollowUp(input({ options: [{ id: 'f-a', deepens: ['a'] }], asked: ['f-a'] }))).toBeNull()
  })
})

describe('on the built-in main card, with the grader hearing the answer', () => {
  const main = mockCardOf(cardById('idempotency-keys')!)
  const options = cardById('idempotency-keys')!.followUps.map((id) => ({
    id,
    deepens: cardById(id)!.deepens,
  }))
  const choose = (answer: string) =>
    nextFollowUp({
      mainPoints: main.points,
      verdicts: mainVerdictsSoFar(main, [answer]),
      options,
      asked: [],
      recall: {},
    })

  test('an answer without the body check and expiry is asked expiry, scope and a changed body first', () => {
    const answer =
      'The client sends an idempotency key, a UUID per logical operation, the same key on every retry. First the server claims the key with one atomic insert, status in progress with a hash of the body, and only once that row is committed do we call the provider. A later retry gets the stored response replayed.'
    expect(choose(answer)).toEqual({ cardId: 'expiry-scope-body', because: 'reject-changed-body' })
  })

  test('a charge-first answer is asked a claim-before-charge follow-up first', () => {
    const answer =
      'I would charge the card first and then insert the idempotency key with on conflict do nothing. Retries get the stored response replayed.'
    const choice = choose(answer)
    expect(choice?.because).toBe('claim-before-effect')
    expect(cardById(choice!.cardId)!.deepens).toContain('claim-before-effect')
  })
})
