import { deflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { parseScenario, type ScenarioInput } from '@/lib/engine'
import { decodeState, encodeState, MAX_STATE_CHARS } from './url-state'

const storeAfterCharge: ScenarioInput = {
  id: 'store-after-charge',
  title: 'Storing the key after the charge',
  seed: 7,
  firstPaymentId: 88,
  config: {
    flaws: ['charge-before-insert'],
    inFlightPolicy: { kind: 'wait', maxWaitMs: 500, retryAfterS: 2 },
  },
  requests: [
    { id: 'A', atMs: 0 },
    { id: 'A-retry-1', retryOf: 'A', atMs: 2000 },
  ],
  faults: [{ kind: 'crash', step: 'after-provider-accept', afterMs: 20, restartAfterMs: 500 }],
}

function encodedJson(json: string): string {
  return `v1.${deflateRawSync(Buffer.from(json)).toString('base64url')}`
}

describe('URL state', () => {
  it('round-trips a scenario: schedule, seed and config come back identical', () => {
    const parsed = parseScenario(storeAfterCharge)
    if (!parsed.ok) throw new Error(parsed.problems.join('; '))
    const decoded = decodeState(encodeState(parsed.scenario))
    expect(decoded).toEqual({ ok: true, scenario: parsed.scenario })
  })

  it('is URL-safe and deterministic', () => {
    const a = encodeState(storeAfterCharge)
    expect(a).toMatch(/^v1\.[A-Za-z0-9_-]+$/)
    expect(encodeState(storeAfterCharge)).toBe(a)
  })

  it('refuses oversized state with a clear message', () => {
    const result = decodeState(`v1.${'A'.repeat(MAX_STATE_CHARS)}`)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toMatch(/too long/)
  })

  it('refuses a deflate bomb without inflating it all', () => {
    const bomb = encodedJson(`{"id":"x","pad":"${' '.repeat(2_000_000)}"}`)
    expect(bomb.length).toBeLessThan(MAX_STATE_CHARS)
    const result = decodeState(bomb)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toMatch(/damaged or too large/)
  })

  it.each([
    ['an unknown prefix', 'v9.abc', /format/],
    ['characters outside base64url', 'v1.<script>', /format/],
    ['bytes that do not inflate', 'v1.AAAA', /damaged/],
    ['inflated text that is not JSON', encodedJson('{nope'), /not valid JSON/],
    ['JSON that is not a scenario', encodedJson('{"id":"x"}'), /not valid: /],
  ])('refuses %s', (_, param, message) => {
    const result = decodeState(param)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toMatch(message)
  })

  it('names what is wrong in a scenario that fails validation', () => {
    const result = decodeState(encodeState({ ...storeAfterCharge, requests: [{ id: 'A', atMs: -5 }] }))
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toContain('requests.0.atMs')
  })
})
