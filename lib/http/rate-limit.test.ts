import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limit'

const rule = (burst: number, perMinute: number) => ({ burst, perMinute })

describe('createRateLimiter', () => {
  it('allows a burst, then refuses with a wait, then refills over time', () => {
    const limiter = createRateLimiter()
    const a = [{ key: 'a', rule: rule(3, 60) }]
    expect(limiter.take(a, 0).ok).toBe(true)
    expect(limiter.take(a, 0).ok).toBe(true)
    expect(limiter.take(a, 0).ok).toBe(true)
    expect(limiter.take(a, 0)).toEqual({ ok: false, retryAfterS: 1 })
    expect(limiter.take(a, 1000).ok).toBe(true)
  })

  it('keeps keys apart', () => {
    const limiter = createRateLimiter()
    expect(limiter.take([{ key: 'a', rule: rule(1, 6) }], 0).ok).toBe(true)
    expect(limiter.take([{ key: 'a', rule: rule(1, 6) }], 0).ok).toBe(false)
    expect(limiter.take([{ key: 'b', rule: rule(1, 6) }], 0).ok).toBe(true)
  })

  it('takes from every bucket or from none: a refusal by the address leaves the learner’s tokens', () => {
    const limiter = createRateLimiter()
    const address = { key: 'addr', rule: rule(2, 60) }
    expect(limiter.take([{ key: 'l1', rule: rule(2, 60) }, address], 0).ok).toBe(true)
    expect(limiter.take([{ key: 'l2', rule: rule(2, 60) }, address], 0).ok).toBe(true)
    // The address is spent: a third learner behind it is refused, and l3 keeps its burst.
    expect(limiter.take([{ key: 'l3', rule: rule(2, 60) }, address], 0).ok).toBe(false)
    expect(limiter.take([{ key: 'l3', rule: rule(2, 60) }], 0).ok).toBe(true)
    expect(limiter.take([{ key: 'l3', rule: rule(2, 60) }], 0).ok).toBe(true)
  })

  it('charges a cost and forgets the least recently used keys beyond maxKeys', () => {
    const limiter = createRateLimiter({ maxKeys: 2 })
    expect(limiter.take([{ key: 'a', rule: rule(2, 60) }], 0, 2).ok).toBe(true)
    expect(limiter.take([{ key: 'a', rule: rule(2, 60) }], 0).ok).toBe(false)
    limiter.take([{ key: 'b', rule: rule(2, 60) }], 0)
    limiter.take([{ key: 'c', rule: rule(2, 60) }], 0)
    expect(limiter.size()).toBe(2)
  })
})
