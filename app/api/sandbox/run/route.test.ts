import { NextRequest } from 'next/server'
import { describe, expect, it } from 'vitest'
import { scenarioById } from '@/lib/engine'
import { POST } from './route'

let learner = 0
function request(
  body: string,
  cookieLearner = `00000000-0000-4000-8000-${String(++learner).padStart(12, '0')}`,
) {
  return new NextRequest('http://localhost/api/sandbox/run', {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `drill-learner=${cookieLearner}` },
    body,
  })
}

describe('POST /api/sandbox/run', () => {
  it('runs a scenario: trace JSON, charge count, verdicts, share state', async () => {
    const response = await POST(request(JSON.stringify({ scenario: scenarioById('store-after-charge') })))
    expect(response.status).toBe(200)
    const run = await response.json()
    expect(run.trace.charges).toBe(2)
    expect(run.violations.map((v: { id: string }) => v.id)).toContain('I1')
    expect(run.share).toMatch(/^v1\./)
  })

  it('names what is wrong with an invalid scenario (400 problem)', async () => {
    const response = await POST(request(JSON.stringify({ scenario: { id: 'x', title: 'x', requests: [] } })))
    expect(response.status).toBe(400)
    expect(response.headers.get('content-type')).toBe('application/problem+json')
    expect((await response.json()).detail).toContain('requests')
  })

  it('refuses malformed JSON and oversized bodies', async () => {
    expect((await POST(request('{nope'))).status).toBe(400)
    expect((await POST(request(JSON.stringify({ scenario: 'x'.repeat(70_000) })))).status).toBe(413)
  })

  it('bounds a scenario by the schema limits (requests)', async () => {
    const base = scenarioById('lost-response')!
    const many = Array.from({ length: 25 }, (_, i) => ({
      ...base.requests[0]!,
      id: `R${i}`,
      retryOf: undefined,
    }))
    const response = await POST(request(JSON.stringify({ scenario: { ...base, requests: many } })))
    expect(response.status).toBe(400)
  })

  it('rate-limits one learner with 429 and Retry-After, not the next learner', async () => {
    const same = '11111111-1111-4111-8111-111111111111'
    const body = JSON.stringify({ scenario: scenarioById('lost-response') })
    const statuses: number[] = []
    for (let i = 0; i < 70; i++) statuses.push((await POST(request(body, same))).status)
    expect(statuses).toContain(429)
    const limited = await POST(request(body, same))
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect((await POST(request(body))).status).toBe(200)
  })
})
