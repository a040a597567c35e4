// The HTTP edge against the unit-test database (tests/global-setup.ts migrates it
// and seeds the demo accounts).
import { describe, expect, it } from 'vitest'
import { authenticate, parseId, readIdempotentPost } from './http'

const post = (headers: Record<string, string>, body = '{"amount":1}') =>
  new Request('http://localhost/api/payments', { method: 'POST', headers, body })

async function problemOf(parsed: { ok: boolean; response?: Response }) {
  expect(parsed.ok).toBe(false)
  const res = parsed.response!
  expect(res.headers.get('content-type')).toBe('application/problem+json')
  return { status: res.status, body: (await res.json()) as { type: string; detail: string } }
}

describe('authenticate', () => {
  it('finds the account for a known bearer key', async () => {
    expect(await authenticate(post({ authorization: 'Bearer sk_test_18' }))).toEqual({
      ok: true,
      accountId: 18,
    })
  })

  it('answers 401 for a missing, unknown or non-bearer credential', async () => {
    const credentials: Record<string, string>[] = [
      {},
      { authorization: 'Bearer sk_test_99' },
      { authorization: 'sk_test_17' },
    ]
    for (const headers of credentials) {
      expect((await problemOf(await authenticate(post(headers)))).status).toBe(401)
    }
  })
})

describe('readIdempotentPost', () => {
  it('returns the unquoted key, the parsed body and Prefer: wait in ms', async () => {
    const parsed = await readIdempotentPost(
      post({ 'idempotency-key': '"k-1"', 'content-type': 'application/json', prefer: 'wait=3' }),
    )
    expect(parsed).toEqual({ ok: true, key: 'k-1', body: { amount: 1 }, waitMs: 3000 })
  })

  it('checks the key first, then the media type, the size and the JSON', async () => {
    const json = { 'content-type': 'application/json' }
    expect((await problemOf(await readIdempotentPost(post(json)))).status).toBe(400)
    expect((await problemOf(await readIdempotentPost(post({ 'idempotency-key': 'k' })))).status).toBe(415)
    const big = JSON.stringify({ pad: 'x'.repeat(17 * 1024) })
    expect(
      (await problemOf(await readIdempotentPost(post({ ...json, 'idempotency-key': 'k' }, big)))).status,
    ).toBe(413)
    const malformed = await problemOf(
      await readIdempotentPost(post({ ...json, 'idempotency-key': 'k' }, '{')),
    )
    expect(malformed.status).toBe(400)
    expect(malformed.body.type).toBe('/problems/malformed-body')
  })
})

describe('parseId', () => {
  it('accepts positive integers only', () => {
    expect(parseId('42')).toBe(42)
    for (const raw of ['0', '-1', '1.5', '01', 'abc', '99999999999999999']) expect(parseId(raw)).toBeNull()
  })
})
