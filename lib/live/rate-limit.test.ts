import { describe, expect, it } from 'vitest'
import { clientAddress, createRateLimiter } from './rate-limit'

describe('createRateLimiter', () => {
  it('allows `limit` hits per window per address, then says how long to wait', () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 })
    expect(limiter.hit('1.2.3.4', 0)).toBe(0)
    expect(limiter.hit('1.2.3.4', 1_000)).toBe(0)
    expect(limiter.hit('1.2.3.4', 2_000)).toBe(58)
    // Another address has its own allowance.
    expect(limiter.hit('5.6.7.8', 2_000)).toBe(0)
    // The window reopens.
    expect(limiter.hit('1.2.3.4', 60_000)).toBe(0)
  })
})

describe('clientAddress', () => {
  it('takes the first x-forwarded-for entry', () => {
    const req = new Request('http://localhost/', { headers: { 'x-forwarded-for': '203.0.113.9, 10.0.0.1' } })
    expect(clientAddress(req)).toBe('203.0.113.9')
    expect(clientAddress(new Request('http://localhost/'))).toBe('unknown')
  })
})
