import { describe, expect, test } from 'vitest'
import { allCards } from '@/lib/content/cards'
import { type GradablePoint, keyConceptOf, suggestGrade, type TaughtPhrase } from '@/lib/grading'

const card = (id: string) => allCards().find((c) => c.id === id)!
const verdictOf = (cardId: string, pointId: string, text: string, taught: TaughtPhrase[]) =>
  suggestGrade(card(cardId).points, text, { cardId, taught }).points.find((p) => p.id === pointId)!

describe('phrases a learner taught the grader', () => {
  const phrase = 'the stuck claim gets a best-before stamp'
  const lease: TaughtPhrase = { cardId: 'crash-in-progress', pointId: 'lease-on-claim', phrase }
  const answer = 'After a crash, the stuck claim gets a best-before stamp, and a sweeper may adopt it later.'

  test('a taught phrase hears its point, with the phrasing in the new answer as evidence', () => {
    expect(verdictOf('crash-in-progress', 'lease-on-claim', answer, []).heard).toBe(false)
    const taught = verdictOf('crash-in-progress', 'lease-on-claim', answer, [lease])
    expect(taught.heard).toBe(true)
    expect(taught.evidence.map((e) => e.text)).toEqual(['stuck claim gets a best-before stamp'])
    for (const span of taught.evidence) expect(answer.slice(span.start, span.end)).toBe(span.text)
  })

  test('it hears the phrasing with other word forms and a filler word between', () => {
    const text = 'Each stuck claim will get a best-before stamp on it.'
    expect(verdictOf('crash-in-progress', 'lease-on-claim', text, [lease]).heard).toBe(true)
  })

  test('it hears nothing on another card unless a point there shares the key concept', () => {
    const other = verdictOf('idempotency-keys', 'claim-before-effect', answer, [lease])
    expect(other.heard).toBe(false)
    const concept = keyConceptOf(card('crash-in-progress').points, 'lease-on-claim')
    expect(concept).toBe('lease')
    // A point of a new card whose text says "lease" shares it; its sibling does not.
    const points: GradablePoint[] = [
      {
        id: 'renew',
        critical: false,
        text: 'A holder keeps its lease and renews it in time.',
        cues: ['renew'],
      },
      { id: 'clock', critical: false, text: 'Clocks drift, so timeouts need margin.', cues: ['drift'] },
    ]
    expect(keyConceptOf(points, 'renew')).toBe('lease')
    const shared = suggestGrade(points, answer, { cardId: 'locks', taught: [{ ...lease, concept }] })
    expect(shared.points.map((p) => [p.id, p.heard])).toEqual([
      ['renew', true],
      ['clock', false],
    ])
    // Without the concept stored, the phrase stays on its own point.
    expect(suggestGrade(points, answer, { cardId: 'locks', taught: [lease] }).points[0]!.heard).toBe(false)
  })

  test('a phrase said with a negation, in a retraction or in a hypothetical is not heard', () => {
    for (const text of [
      'We never do it that way: the stuck claim gets no best-before stamp.',
      'The stuck claim gets a best-before stamp. No, scratch that, it just waits.',
    ])
      expect(verdictOf('crash-in-progress', 'lease-on-claim', text, [lease]).heard, text).toBe(false)
  })

  test('a taught phrase never makes a critical point heard inside a wrong design', () => {
    const charge: TaughtPhrase = {
      cardId: 'idempotency-keys',
      pointId: 'claim-before-effect',
      phrase: 'we pin the ticket in the ledger',
    }
    const right = 'We pin the ticket in the ledger and only then go to the PSP.'
    expect(verdictOf('idempotency-keys', 'claim-before-effect', right, [charge]).heard).toBe(true)
    const wrong =
      'I would charge the card first and then insert the idempotency key; we pin the ticket in the ledger.'
    const verdict = verdictOf('idempotency-keys', 'claim-before-effect', wrong, [charge])
    expect(verdict.heard).toBe(false)
    expect(verdict.contradiction?.flaw).toBe('charge-before-insert')
    expect(
      suggestGrade(card('idempotency-keys').points, wrong, { taught: [charge], cardId: 'idempotency-keys' })
        .suggestedRating,
    ).toBe('again')
  })

  test("a phrase taught for one card's point does not hear a different point of the same card", () => {
    const verdicts = suggestGrade(card('crash-in-progress').points, answer, {
      cardId: 'crash-in-progress',
      taught: [lease],
    }).points
    expect(
      verdicts
        .filter((v) => v.heard && v.evidence.some((e) => e.text.includes('best-before')))
        .map((v) => v.id),
    ).toEqual(['lease-on-claim'])
  })
})
