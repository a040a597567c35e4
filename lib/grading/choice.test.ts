// Of two designs weighed, the one chosen counts: the steps of the design not chosen are neither for a point
// nor against it, whichever way the choice is named (ordinal, label, or the words it repeats).
import { describe, expect, test } from 'vitest'
import { allCards } from '@/lib/content/cards'
import { suggestGrade } from '@/lib/grading'
import { designsNotChosen } from './choice'
import { Answer } from './phrases'

const points = allCards().find((c) => c.id === 'idempotency-keys')!.points
const claim = (text: string) => suggestGrade(points, text).points.find((p) => p.id === 'claim-before-effect')!
const notChosen = (text: string) => {
  const answer = new Answer(text)
  return designsNotChosen(answer).map(([from, to]) => answer.span(from, to).text)
}

const CHARGE_FIRST = 'charge the card first and then write the key'
const CLAIM_FIRST = 'claim the key first and then charge the card'

describe('two designs weighed, one chosen', () => {
  test.each([
    `One option is to ${CHARGE_FIRST}; the other is to ${CLAIM_FIRST}. I'd go with the second.`,
    `One option is to ${CHARGE_FIRST}. The other one is to ${CLAIM_FIRST}. I prefer the latter.`,
    `We could either ${CHARGE_FIRST} or ${CLAIM_FIRST}. I'll pick the second one.`,
    `Option A: ${CHARGE_FIRST}. Option B: ${CLAIM_FIRST}. B is safer, so B.`,
    `Option 1 is to ${CHARGE_FIRST}; option 2 is to ${CLAIM_FIRST}. I'd choose option 2.`,
    `We could either ${CHARGE_FIRST} or ${CLAIM_FIRST}. I'll pick claiming the key up front.`,
  ])(
    'the chosen claim-first design makes the point, the charge-first one does not contradict it: %s',
    (text) => {
      expect(claim(text)).toMatchObject({ heard: true, contradiction: null })
    },
  )

  test.each([
    `One option is to ${CLAIM_FIRST}; the other is to ${CHARGE_FIRST}. I'd go with the second.`,
    `Option A: ${CLAIM_FIRST}. Option B: ${CHARGE_FIRST}. B is simpler, so B.`,
    `We could either ${CLAIM_FIRST} or ${CHARGE_FIRST}. I would go with the latter.`,
    `One option is to ${CLAIM_FIRST}; the other is to ${CHARGE_FIRST}. I'll take the other one.`,
  ])('the chosen charge-first design is a wrong design: never heard, contradicted: %s', (text) => {
    const v = claim(text)
    expect(v.heard).toBe(false)
    expect(v.contradiction?.flaw).toBe('charge-before-insert')
  })

  test('with no choice said, nothing is taken back', () => {
    expect(notChosen(`One option is to ${CHARGE_FIRST}; the other is to ${CLAIM_FIRST}.`)).toEqual([])
  })

  test('the design not chosen is exactly what is taken back', () => {
    expect(notChosen(`Option A: ${CHARGE_FIRST}. Option B: ${CLAIM_FIRST}. A is safer, so A.`)).toEqual([
      `Option B: ${CLAIM_FIRST}`,
    ])
    expect(notChosen(`We could either ${CHARGE_FIRST} or ${CLAIM_FIRST}. I'd go with the first.`)).toEqual([
      `or ${CLAIM_FIRST}`,
    ])
  })

  test('"a" as an article and "first" as a step are not references to a design', () => {
    // "take a lock" and "claim the key first" choose nothing: both designs stay said.
    expect(
      notChosen(
        `One option is to ${CHARGE_FIRST}; the other is to ${CLAIM_FIRST}. Then we take a lock first.`,
      ),
    ).toEqual([])
  })
})

describe('a step said with "flip" is a step of the design', () => {
  const inFlight = allCards().find((c) => c.id === 'in-flight-retry')!.points
  const noSecond = (text: string) =>
    suggestGrade(inFlight, text).points.find((p) => p.id === 'no-second-charge')!
  test('"flip the row back to new and let the retry run the charge" contradicts no-second-charge', () => {
    expect(
      noSecond('We flip the row back to new and let the retry run the charge.').contradiction,
    ).not.toBeNull()
  })
})
