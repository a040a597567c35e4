import { describe, expect, it } from 'vitest'
import type { EngineResponse } from '@/lib/engine'
import { preferenceApplied, toHttpResponse } from './respond'

const created: EngineResponse = {
  kind: 'created',
  status: 201,
  body: '{"id":1,"object":"payment"}',
  contentType: 'application/json',
  replayed: false,
  location: '/api/payments/1',
}

describe('toHttpResponse', () => {
  it('sends the exact body bytes, status, content type and Location', async () => {
    const res = toHttpResponse(created)
    expect(res.status).toBe(201)
    expect(await res.text()).toBe(created.body)
    expect(res.headers.get('content-type')).toBe('application/json')
    expect(res.headers.get('location')).toBe('/api/payments/1')
    expect(res.headers.has('idempotent-replayed')).toBe(false)
    expect(res.headers.has('retry-after')).toBe(false)
  })

  it('marks replays and gives 409s a whole-second Retry-After', () => {
    expect(
      toHttpResponse({ ...created, kind: 'replayed', replayed: true }).headers.get('idempotent-replayed'),
    ).toBe('true')
    const inFlight = toHttpResponse({
      kind: 'in-flight',
      status: 409,
      body: '{}',
      contentType: 'application/problem+json',
      replayed: false,
      retryAfterS: 0.2,
    })
    expect(inFlight.headers.get('retry-after')).toBe('1')
    expect(inFlight.headers.get('content-type')).toBe('application/problem+json')
  })

  it('says which wait it honoured', () => {
    expect(preferenceApplied(5000)).toEqual({ 'preference-applied': 'wait=5' })
    expect(preferenceApplied(undefined)).toEqual({})
  })
})
