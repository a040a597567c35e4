// What the grader hears beyond its rubrics' phrases (issue 46): the thesaurus, discourse (retractions,
// rejections), order told by the clock and by numbers, a recognizer's slips, and a point heard from its text.
import { describe, expect, test } from 'vitest'
import { allCards } from '@/lib/content/cards'
import { type GradablePoint, suggestGrade } from '@/lib/grading'
import { tokenize } from './text'

const card = (id: string) => allCards().find((c) => c.id === id)!
const verdict = (cardId: string, pointId: string, text: string) =>
  suggestGrade(card(cardId).points, text).points.find((p) => p.id === pointId)!

describe('discourse', () => {
  test('a retraction replaces what it retracts', () => {
    const retracted =
      'Firstly we insert the key and then we charge. No, sorry, let me correct myself: we charged the card first and then wrote the key.'
    const v = verdict('idempotency-keys', 'claim-before-effect', retracted)
    expect(v.heard).toBe(false)
    expect(v.contradiction?.flaw).toBe('charge-before-insert')
    const corrected =
      'We charge first and then store the key... actually no, scratch that. We store the key first, then charge.'
    expect(verdict('idempotency-keys', 'claim-before-effect', corrected)).toMatchObject({
      heard: true,
      contradiction: null,
    })
  })
  test('a design named only to be turned down is not heard', () => {
    const text =
      'Some teams answer 422 on a body mismatch. I find that too strict: I would accept the new amount.'
    expect(verdict('expiry-scope-body', 'changed-body-422', text).heard).toBe(false)
  })
  test('a hedge counts only when it states the step', () => {
    expect(
      verdict('idempotency-keys', 'claim-before-effect', 'Maybe we could save something first?').heard,
    ).toBe(false)
    expect(
      verdict(
        'idempotency-keys',
        'claim-before-effect',
        'Maybe we could store the key first, before the charge?',
      ).heard,
    ).toBe(true)
  })
  test('a naive design told as a warning is no wrong design', () => {
    const text =
      'A naive handler would hit the PSP and only afterwards jot the key down. We store the key first, then call the PSP.'
    expect(verdict('idempotency-keys', 'claim-before-effect', text)).toMatchObject({
      heard: true,
      contradiction: null,
    })
  })
})

describe('order from times and numbers', () => {
  test('timestamps order the steps whatever the telling', () => {
    const text =
      'We fire the charge at 10:00:00.000, the provider acks within twenty milliseconds, and at 10:00:00.020 we record the key.'
    const v = verdict('store-before-effect-timeline', 'claim-at-020', text)
    expect(v.heard).toBe(false)
    expect(v.contradiction?.flaw).toBe('charge-before-insert')
  })
  test('numbered steps order the steps', () => {
    const text = 'Step two: we call the provider. Step one: we insert the key with on conflict do nothing.'
    expect(verdict('idempotency-keys', 'claim-before-effect', text).heard).toBe(true)
    const wrong = 'Step one: we call the provider. Step two: we insert the key.'
    expect(verdict('idempotency-keys', 'claim-before-effect', wrong).contradiction?.flaw).toBe(
      'charge-before-insert',
    )
  })
})

describe("a recognizer's slips", () => {
  test.each([
    ['item potency key', 'idempotency'],
    ['idem potency', 'idempotency'],
    ['the in progress roe', 'row'],
    ['we use striped', 'stripe'],
  ])('"%s" is heard as %s', (heard, meant) => {
    expect(tokenize(heard).map((t) => t.word)).toContain(meant)
  })
  test('"for twenty two" is a status code; "for twenty four hours" stays a duration', () => {
    expect(tokenize('we send a for twenty two').map((t) => t.word)).toContain('422')
    expect(tokenize('keep it for twenty four hours').map((t) => t.word)).toEqual([
      'keep',
      'it',
      'for',
      '24',
      'hours',
    ])
  })
  test('a slip turns no other word into a step: "striped across disks" stays striped', () => {
    expect(tokenize('data striped across disks').map((t) => t.word)).toContain('striped')
  })
})

describe('a point heard from its text', () => {
  const points: GradablePoint[] = [
    {
      id: 'fencing',
      critical: true,
      text: 'Every write carries the fencing token of its lease, and the storage rejects a token older than the newest it has seen.',
      cues: ['fencing token'],
    },
    {
      id: 'clock-drift',
      critical: false,
      text: 'Clocks drift between machines, so a lease holder must stop well before its lease runs out.',
      cues: ['clock drift'],
    },
  ]
  test('heard through the thesaurus, with evidence from the answer', () => {
    const text =
      'Each write to the database carries an epoch number, and storage refuses any epoch older than the newest seen.'
    const g = suggestGrade(points, text)
    const fencing = g.points.find((p) => p.id === 'fencing')!
    expect(fencing.heard).toBe(true)
    for (const span of fencing.evidence) expect(text.slice(span.start, span.end)).toBe(span.text)
    expect(g.points.find((p) => p.id === 'clock-drift')!.heard).toBe(false)
  })
  test('a point is not heard from one of its words alone', () => {
    expect(suggestGrade(points, 'we bump the epoch').points[0]!.heard).toBe(false)
  })
  test('a point that orders two steps is contradicted by the reverse order', () => {
    const ordered: GradablePoint[] = [
      {
        id: 'log-first',
        critical: true,
        text: 'The key is stored before the provider is called.',
        cues: ['store first'],
      },
      { id: 'other', critical: false, text: 'Keys expire after a day.', cues: ['expire'] },
    ]
    const wrong = suggestGrade(ordered, 'We call the provider and then we store the key.').points[0]!
    expect(wrong.heard).toBe(false)
    expect(wrong.contradiction).not.toBeNull()
    expect(suggestGrade(ordered, 'We store the key and only then call the provider.').points[0]!.heard).toBe(
      true,
    )
  })
})
