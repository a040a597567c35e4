import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canonicalJson } from './canonical'
import { readPaymentBody } from './payment-body'
import { createPaymentBodySchema, fieldErrors, SUPPORTED_CURRENCIES } from './schemas'

/** What the engine did before the fast path: zod, then canonical JSON of its output. */
function viaZod(input: unknown) {
  const parsed = createPaymentBodySchema.safeParse(input)
  return parsed.success
    ? { ok: true, body: parsed.data, canonical: canonicalJson(parsed.data) }
    : { ok: false, errors: fieldErrors(parsed.error) }
}

const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof(valid, valid, fc.constant(undefined), fc.anything(), fc.string(), fc.integer(), fc.double())
const body = fc.record(
  {
    orderId: field(fc.string({ minLength: 0, maxLength: 70, unit: 'grapheme' })),
    amount: field(fc.oneof(fc.integer({ min: -5, max: 100_000_005 }), fc.constant(99_999_999), fc.double())),
    currency: field(fc.oneof(fc.constantFrom(...SUPPORTED_CURRENCIES), fc.constantFrom('usd', 'XYZ', 'US'))),
    paymentMethodToken: field(fc.string({ minLength: 0, maxLength: 260 })),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
)

// Near-valid bodies, so both sides of every boundary are hit: lengths 0/1/64/65 and
// 255/256, amounts 0/1/99,999,999/100,000,000 and fractions, listed and unlisted codes.
const near = <T, U>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<U>) =>
  fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: invalid, weight: 1 })
const nearBody = fc.record({
  orderId: near(fc.string({ minLength: 1, maxLength: 64 }), fc.constantFrom('', 'x'.repeat(65), 42, null)),
  amount: near(
    fc.oneof(fc.integer({ min: 1, max: 99_999_999 }), fc.constantFrom(1, 99_999_999)),
    fc.constantFrom(0, 100_000_000, 2500.5, -1, '2500', Number.NaN),
  ),
  currency: near(fc.constantFrom(...SUPPORTED_CURRENCIES), fc.constantFrom('usd', 'XYZ', 'US', 'USDD')),
  paymentMethodToken: near(fc.string({ minLength: 1, maxLength: 255 }), fc.constantFrom('', 't'.repeat(256))),
})

// The same seed variable as the other property tests; its value is in each test's name.
const SEED = Number(process.env.DRILL_PROPERTY_SEED ?? 20_261_130)

describe('readPaymentBody', () => {
  it(`agrees with zod on near-valid bodies (most take the fast path) (fast-check seed ${SEED})`, () => {
    let accepted = 0
    fc.assert(
      fc.property(nearBody, (input) => {
        const read = readPaymentBody(input)
        if (read.ok) accepted++
        expect(read).toEqual(viaZod(input))
      }),
      { numRuns: 5000, seed: SEED },
    )
    expect(accepted).toBeGreaterThan(1000)
  })

  it(`answers exactly as zod + canonical JSON do, for valid and invalid bodies alike (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(fc.oneof(body, fc.anything()), (input) => {
        expect(readPaymentBody(input)).toEqual(viaZod(input))
      }),
      { numRuns: 5000, seed: SEED },
    )
  })

  it('takes the card body in any key order to one canonical text', () => {
    const a = readPaymentBody({ orderId: '42', amount: 2500, currency: 'USD', paymentMethodToken: 'token-9' })
    const b = readPaymentBody(
      JSON.parse('{"paymentMethodToken":"token-9","currency":"USD","amount":2500,"orderId":"42"}'),
    )
    expect(a).toEqual(b)
    expect(a.ok && a.canonical).toBe(
      '{"amount":2500,"currency":"USD","orderId":"42","paymentMethodToken":"token-9"}',
    )
  })
})

/** canonicalJson as first written (entries, filter, sort, join): the one-pass version must match it. */
function canonicalReference(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map(canonicalReference).join(',')}]`
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalReference(v)}`).join(',')}}`
}

describe('canonicalJson', () => {
  it(`matches the reference definition on arbitrary JSON-like values (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(fc.anything({ withObjectString: true, withNullPrototype: true }), (value) => {
        expect(canonicalJson(value)).toBe(canonicalReference(value))
      }),
      { numRuns: 5000, seed: SEED },
    )
  })
})
