import { describe, expect, test } from 'vitest'
import { allCards } from '@/lib/content/cards'
import { type GradablePoint, suggestGrade } from '@/lib/grading'

const card = (id: string) => allCards().find((c) => c.id === id)!
const verdict = (cardId: string, pointId: string, text: string) =>
  suggestGrade(card(cardId).points, text).points.find((p) => p.id === pointId)!

describe('order between steps', () => {
  test.each([
    'I would charge the card first and then insert the idempotency key with on conflict do nothing',
    'we call the provider, then store the key atomically with the response',
    'first we call the payment provider, then insert the key',
    'We call Stripe. Then we write the idempotency key to the table.',
    'we store the key after the charge succeeds',
  ])('a charge before the claim contradicts claim-before-effect: %s', (text) => {
    const claim = verdict('idempotency-keys', 'claim-before-effect', text)
    expect(claim.heard).toBe(false)
    expect(claim.contradiction?.flaw).toBe('charge-before-insert')
    expect(suggestGrade(card('idempotency-keys').points, text).suggestedRating).toBe('again')
  })
  test.each([
    'We store the key first, then charge the card.',
    'only once the key is inserted do we call stripe',
    'before charging we insert the key with on conflict do nothing',
    'we insert the key. after that we call the psp',
    'we never charge before the key is stored',
  ])('the claim before the charge is heard: %s', (text) => {
    const claim = verdict('idempotency-keys', 'claim-before-effect', text)
    expect(claim.heard).toBe(true)
    expect(claim.contradiction).toBeNull()
  })
  test.each([
    'We insert the key first. When the charge completes we store the response on the key row.',
    'we commit the key row before calling the provider and when the charge completes we store the response on the key row',
    'Once the charge succeeds we save the result in the row for that key.',
  ])('storing the outcome on the key row after the charge is not a charge-first claim: %s', (text) => {
    for (const [cardId, pointId] of [
      ['idempotency-keys', 'claim-before-effect'],
      ['provider-outside-transaction', 'claim-committed-first'],
    ] as const)
      expect(verdict(cardId, pointId, text).contradiction).toBeNull()
    // A key inserted once the charge succeeds is still charge-first.
    expect(
      verdict('idempotency-keys', 'claim-before-effect', 'Once the charge succeeds we insert the key row.')
        .contradiction?.flaw,
    ).toBe('charge-before-insert')
  })
})

describe('negation and paraphrase', () => {
  test('keys never expire contradicts the window; twenty four hours is heard', () => {
    expect(
      verdict('expiry-scope-body', 'ttl-hours-to-days', 'keys never expire').contradiction,
    ).not.toBeNull()
    expect(
      verdict('expiry-scope-body', 'ttl-hours-to-days', 'the keys live for twenty four hours').heard,
    ).toBe(true)
  })
  test('a changed body processed as a new payment names the no-body-check flaw', () => {
    const v = verdict(
      'expiry-scope-body',
      'changed-body-422',
      'if the body changes we process it as a new payment',
    )
    expect(v.contradiction?.flaw).toBe('no-body-check')
  })
  test('a code said in words is heard', () => {
    expect(
      verdict('expiry-scope-body', 'changed-body-422', 'a different body gets four twenty two').heard,
    ).toBe(true)
  })
})

describe('evidence', () => {
  test('every span is exactly the answer between its offsets', () => {
    const text =
      'First, we INSERT the key (on-conflict do nothing); then we call the PSP. Keys expire after a day.'
    for (const point of suggestGrade(card('idempotency-keys').points, text).points)
      for (const span of point.evidence) expect(text.slice(span.start, span.end)).toBe(span.text)
  })
})

describe("own cards' cues", () => {
  const points: GradablePoint[] = [
    { id: 'uuid', critical: false, cues: ['uuid'] },
    { id: 'lock', critical: true, cues: ['row lock'] },
  ]
  test('a cue said with a negation is not heard and is a contradiction', () => {
    const g = suggestGrade(points, 'We do not use a UUID, we take a row lock.')
    expect(g.points[0]).toMatchObject({ heard: false, contradiction: { flaw: null } })
    expect(g.points[0]!.evidence[0]!.text).toBe('not use a UUID')
    expect(g.points[1]).toMatchObject({ heard: true, evidence: [{ text: 'row lock' }] })
    expect(g.suggestedRating).toBe('hard')
  })
})
