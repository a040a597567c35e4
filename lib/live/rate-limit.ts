// A fixed-window counter per client address, in memory (one server process).
// Time comes in from outside so the tests need no sleeping.

export interface RateLimiter {
  /** Counts one hit; returns 0 when allowed, else the seconds until the window reopens. */
  hit(address: string, nowMs: number): number
}

export function createRateLimiter({ limit, windowMs }: { limit: number; windowMs: number }): RateLimiter {
  const windows = new Map<string, { startMs: number; count: number }>()
  return {
    hit(address, nowMs) {
      let window = windows.get(address)
      if (!window || nowMs - window.startMs >= windowMs) {
        // Forget closed windows now and then, so the map cannot grow without bound.
        if (windows.size > 10_000) {
          for (const [a, w] of windows) if (nowMs - w.startMs >= windowMs) windows.delete(a)
        }
        window = { startMs: nowMs, count: 0 }
        windows.set(address, window)
      }
      window.count += 1
      if (window.count <= limit) return 0
      return Math.max(1, Math.ceil((window.startMs + windowMs - nowMs) / 1000))
    },
  }
}

/**
 * The client address as Next's server saw it. Next fills x-forwarded-for with the
 * socket address unless a proxy already set it; behind a proxy the first entry is
 * the original client. (A client talking to us directly can forge this header; for
 * a sandbox that only limits account creation, that is an accepted trade-off.)
 */
export function clientAddress(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-for')
  const first = forwarded?.split(',')[0]?.trim()
  return first || req.headers.get('x-real-ip') || 'unknown'
}
