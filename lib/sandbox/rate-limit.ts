// Per-learner token buckets for the sandbox API. In memory: a single server process is
// what we run; a restart forgets the buckets, which only ever lets someone run sooner.
// The caller passes `nowMs` (routes pass Date.now()), so tests drive time.

export interface RateLimiterOptions {
  /** Burst size: runs allowed at once. */
  capacity: number
  /** Tokens added back per second. */
  refillPerS: number
  /** Buckets kept at most; the least recently used is dropped beyond it. */
  maxKeys?: number
}

export type TakeResult = { ok: true; remaining: number } | { ok: false; retryAfterS: number }

interface Bucket {
  tokens: number
  atMs: number
}

export function createRateLimiter({ capacity, refillPerS, maxKeys = 10_000 }: RateLimiterOptions) {
  const buckets = new Map<string, Bucket>()

  return {
    /** Takes `cost` tokens from `key`'s bucket, or says how long to wait. */
    take(key: string, nowMs: number, cost = 1): TakeResult {
      const found = buckets.get(key)
      const elapsedS = found ? Math.max(0, nowMs - found.atMs) / 1000 : 0
      const tokens = found ? Math.min(capacity, found.tokens + elapsedS * refillPerS) : capacity
      // Re-insert so Map order is least-recently-used first.
      buckets.delete(key)
      if (tokens < cost) {
        buckets.set(key, { tokens, atMs: nowMs })
        return { ok: false, retryAfterS: Math.max(1, Math.ceil((cost - tokens) / refillPerS)) }
      }
      buckets.set(key, { tokens: tokens - cost, atMs: nowMs })
      while (buckets.size > maxKeys) {
        const oldest = buckets.keys().next().value
        if (oldest === undefined) break
        buckets.delete(oldest)
      }
      return { ok: true, remaining: Math.floor(tokens - cost) }
    },
  }
}
