import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limit'

describe('createRateLimiter', () => {
  it('allows a burst, then refuses with a wait, then refills over time', () => {
    const limiter = createRateLimiter({ capacity: 3, refillPerS: 1 })
    expect(limiter.take('a', 0).ok).toBe(true)
    expect(limiter.take('a', 0).ok).toBe(true)
    expect(limiter.take('a', 0).ok).toBe(true)
    const refused = limiter.take('a', 0)
    expect(refused).toEqual({ ok: false, retryAfterS: 1 })
    expect(limiter.take('a', 1000).ok).toBe(true)
  })

  it('keeps learners apart', () => {
    const limiter = createRateLimiter({ capacity: 1, refillPerS: 0.1 })
    expect(limiter.take('a', 0).ok).toBe(true)
    expect(limiter.take('a', 0).ok).toBe(false)
    expect(limiter.take('b', 0).ok).toBe(true)
  })

  it('charges expensive calls more', () => {
    const limiter = createRateLimiter({ capacity: 10, refillPerS: 1 })
    expect(limiter.take('a', 0, 8).ok).toBe(true)
    expect(limiter.take('a', 0, 8)).toEqual({ ok: false, retryAfterS: 6 })
  })

  it('forgets the least recently used learner beyond maxKeys', () => {
    const limiter = createRateLimiter({ capacity: 1, refillPerS: 0.001, maxKeys: 2 })
    limiter.take('a', 0)
    limiter.take('b', 0)
    limiter.take('c', 0)
    // 'a' was dropped, so it starts with a full bucket again.
    expect(limiter.take('a', 0).ok).toBe(true)
    expect(limiter.take('c', 0).ok).toBe(false)
  })
})
