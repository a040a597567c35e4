import { describe, expect, it } from 'vitest'
import { parseBearer, parseIdempotencyKey, parsePreferWaitS } from './headers'

describe('parseIdempotencyKey', () => {
  it('accepts a bare key and the same key as a quoted structured-field string', () => {
    expect(parseIdempotencyKey('7c1a0e44-2b19')).toEqual({ ok: true, key: '7c1a0e44-2b19' })
    expect(parseIdempotencyKey('"7c1a0e44-2b19"')).toEqual({ ok: true, key: '7c1a0e44-2b19' })
  })

  it('unescapes \\" and \\\\ inside a quoted key', () => {
    expect(parseIdempotencyKey('"a\\"b\\\\c"')).toEqual({ ok: true, key: 'a"b\\c' })
  })

  it('accepts exactly 255 characters and refuses 256', () => {
    expect(parseIdempotencyKey('k'.repeat(255)).ok).toBe(true)
    expect(parseIdempotencyKey('k'.repeat(256)).ok).toBe(false)
  })

  it.each([
    ['missing', null],
    ['empty', ''],
    ['empty quoted', '""'],
    ['inner space', 'two words'],
    ['non-ASCII', 'clé'],
    ['control character', 'a\tb'],
    ['bad escape in a quoted key', '"a\\nb"'],
  ])('refuses a %s key', (_name, header) => {
    const parsed = parseIdempotencyKey(header)
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.detail).toMatch(/Idempotency-Key/)
  })
})

describe('parsePreferWaitS', () => {
  it('reads wait=N among other preferences and caps it at 10 s', () => {
    expect(parsePreferWaitS('wait=3')).toBe(3)
    expect(parsePreferWaitS('respond-async, wait=5')).toBe(5)
    expect(parsePreferWaitS('wait=60')).toBe(10)
    expect(parsePreferWaitS('wait=0')).toBe(0)
  })

  it('ignores an absent or unreadable preference', () => {
    expect(parsePreferWaitS(null)).toBeUndefined()
    expect(parsePreferWaitS('wait=soon')).toBeUndefined()
    expect(parsePreferWaitS('return=minimal')).toBeUndefined()
  })
})

describe('parseBearer', () => {
  it('reads a bearer token case-insensitively and rejects other schemes', () => {
    expect(parseBearer('Bearer sk_test_17')).toBe('sk_test_17')
    expect(parseBearer('bearer sk_test_17')).toBe('sk_test_17')
    expect(parseBearer('Basic abc')).toBeNull()
    expect(parseBearer('Bearer')).toBeNull()
    expect(parseBearer(null)).toBeNull()
  })
})
