// The one rate limiter: token buckets in memory (one server process is what we run;
// a restart forgets the buckets, which only ever lets someone in sooner). A request
// takes from several buckets at once — its learner's (or the address's anonymous
// bucket) and the address-wide one — and is refused unless all of them have room,
// in which case it takes from none. Time comes in from outside, so tests drive it.

export interface BucketRule {
  /** Burst: requests allowed at once. */
  burst: number
  /** Tokens added back per minute. */
  perMinute: number
}

export type TakeResult = { ok: true } | { ok: false; retryAfterS: number }

interface Bucket {
  tokens: number
  atMs: number
}

export interface RateLimiter {
  /** Takes `cost` from every named bucket, or from none and says how long to wait. */
  take(buckets: readonly { key: string; rule: BucketRule }[], nowMs: number, cost?: number): TakeResult
  size(): number
}

export function createRateLimiter({ maxKeys = 50_000 }: { maxKeys?: number } = {}): RateLimiter {
  const buckets = new Map<string, Bucket>()

  const level = (key: string, rule: BucketRule, nowMs: number) => {
    const found = buckets.get(key)
    if (!found) return rule.burst
    const elapsedMin = Math.max(0, nowMs - found.atMs) / 60_000
    return Math.min(rule.burst, found.tokens + elapsedMin * rule.perMinute)
  }

  return {
    take(wanted, nowMs, cost = 1) {
      let waitS = 0
      const levels = wanted.map(({ key, rule }) => {
        const tokens = level(key, rule, nowMs)
        if (tokens < cost) {
          const perS = rule.perMinute / 60
          waitS = Math.max(waitS, perS > 0 ? Math.ceil((cost - tokens) / perS) : 3600)
        }
        return tokens
      })
      if (waitS > 0) return { ok: false, retryAfterS: Math.max(1, waitS) }
      wanted.forEach(({ key }, i) => {
        // Re-insert so Map order is least-recently-used first.
        buckets.delete(key)
        buckets.set(key, { tokens: (levels[i] ?? 0) - cost, atMs: nowMs })
      })
      while (buckets.size > maxKeys) {
        const oldest = buckets.keys().next().value
        if (oldest === undefined) break
        buckets.delete(oldest)
      }
      return { ok: true }
    },
    size: () => buckets.size,
  }
}
