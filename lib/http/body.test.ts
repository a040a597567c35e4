import { describe, expect, it } from 'vitest'
import { isJsonContentType, API_BODY_BYTES as MAX_BODY_BYTES, readJsonBody as readBody } from './body'

async function readJsonBody(req: Request) {
  const read = await readBody(req, MAX_BODY_BYTES)
  if (read.ok) return { ok: true, value: read.value }
  const problem = (await read.response.json()) as { type: string; status: number }
  const reason = { 415: 'unsupported-media-type', 413: 'too-large', 400: 'malformed' }[problem.status]
  expect(problem.type).toBe(
    `/problems/${{ 415: 'unsupported-media-type', 413: 'body-too-large', 400: 'malformed-body' }[problem.status]}`,
  )
  return { ok: false, reason }
}

function post(body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return new Request('http://localhost/api/payments', { method: 'POST', body, headers })
}

/** A body streamed without a Content-Length, as a chunked client would send it. */
function streamed(text: string): Request {
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      const bytes = new TextEncoder().encode(text)
      for (let i = 0; i < bytes.length; i += 1024) controller.enqueue(bytes.slice(i, i + 1024))
      controller.close()
    },
  })
  return new Request('http://localhost/api/payments', {
    method: 'POST',
    body: stream,
    headers: { 'content-type': 'application/json' },
    duplex: 'half',
  } as RequestInit)
}

describe('readJsonBody', () => {
  it('parses a JSON body', async () => {
    expect(await readJsonBody(post('{"amount":2500}'))).toEqual({ ok: true, value: { amount: 2500 } })
  })

  it('refuses a body that is not declared as JSON (415)', async () => {
    const read = await readJsonBody(post('{}', { 'content-type': 'text/plain' }))
    expect(read).toMatchObject({ ok: false, reason: 'unsupported-media-type' })
    expect(await readJsonBody(post('{}', {}))).toMatchObject({ ok: false, reason: 'unsupported-media-type' })
  })

  it('accepts exactly 16 KiB and refuses one byte more (413), with or without a Content-Length', async () => {
    const exact = JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES - 10) })
    expect(exact.length).toBe(MAX_BODY_BYTES)
    expect((await readJsonBody(post(exact))).ok).toBe(true)
    const over = JSON.stringify({ pad: 'x'.repeat(MAX_BODY_BYTES - 9) })
    expect(await readJsonBody(post(over))).toMatchObject({ ok: false, reason: 'too-large' })
    expect(await readJsonBody(streamed(over))).toMatchObject({ ok: false, reason: 'too-large' })
    expect((await readJsonBody(streamed(exact))).ok).toBe(true)
  })

  it('reports malformed JSON and invalid UTF-8 as malformed (400)', async () => {
    expect(await readJsonBody(post('{"amount":'))).toMatchObject({ ok: false, reason: 'malformed' })
    expect(await readJsonBody(post(new Uint8Array([0x7b, 0xff, 0x7d])))).toMatchObject({
      ok: false,
      reason: 'malformed',
    })
    expect(await readJsonBody(post(''))).toMatchObject({ ok: false, reason: 'malformed' })
  })
})

describe('isJsonContentType', () => {
  it('accepts application/json with parameters and +json types only', () => {
    expect(isJsonContentType('application/json; charset=utf-8')).toBe(true)
    expect(isJsonContentType('Application/JSON')).toBe(true)
    expect(isJsonContentType('application/merge-patch+json')).toBe(true)
    expect(isJsonContentType('application/x-www-form-urlencoded')).toBe(false)
    expect(isJsonContentType('text/json')).toBe(false)
    expect(isJsonContentType(null)).toBe(false)
  })
})
