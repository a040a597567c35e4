// The per-address allowance for new sandbox accounts (POST /api/accounts and the
// live console's first visit), one counter per server process.
import 'server-only'
import { createRateLimiter, type RateLimiter } from './rate-limit'

/** 30 new accounts per address per 10 minutes: plenty for a class, not for a script. */
export const ACCOUNTS_PER_WINDOW = 30
export const ACCOUNT_WINDOW_MS = 10 * 60 * 1000

const holder = globalThis as unknown as { drillAccountLimiter?: RateLimiter }

export function accountLimiter(): RateLimiter {
  holder.drillAccountLimiter ??= createRateLimiter({
    limit: ACCOUNTS_PER_WINDOW,
    windowMs: ACCOUNT_WINDOW_MS,
  })
  return holder.drillAccountLimiter
}
