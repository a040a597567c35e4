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

  it('rate-limits one learner’s new runs with 429 and Retry-After, not the next learner; a run in memory is free', async () => {
    // Issue 28 §2 (only uncached runs count against the sandbox limit) forces a new seed per request.
    const same = '11111111-1111-4111-8111-111111111111'
    const base = scenarioById('lost-response')!
    const body = (seed: number) => JSON.stringify({ scenario: { ...base, seed } })
    const statuses: number[] = []
    for (let seed = 1; seed <= 70; seed++) statuses.push((await POST(request(body(seed), same))).status)
    expect(statuses).toContain(429)
    const limited = await POST(request(body(500), same))
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    // The first seeds ran: asking for them again runs nothing and costs nothing.
    expect((await POST(request(body(1), same))).status).toBe(200)
    expect((await POST(request(JSON.stringify({ scenario: base }), same))).status).toBe(200)
    expect((await POST(request(body(500)))).status).toBe(200)
  })

  it('answers the same scenario twice from one simulator run', async () => {
    const { runCacheCounts } = await import('@/lib/sandbox/run-memory')
    const scenario = { ...scenarioById('in-flight-409')!, seed: 987_654 }
    const before = runCacheCounts()
    const first = await (await POST(request(JSON.stringify({ scenario })))).json()
    const second = await (await POST(request(JSON.stringify({ scenario })))).json()
    expect(second).toEqual(first)
    expect(runCacheCounts().runs - before.runs).toBe(1)
    expect(runCacheCounts().hits - before.hits).toBe(1)
  })
})
