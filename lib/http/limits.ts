// Every limit Drill enforces, in one table: per learner (or per account, for the
// payments API) AND per address. Requests without a learner cookie share the
// address's small anonymous bucket; the address-wide bucket bounds everyone behind
// one address (a class behind one NAT). Defaults leave room for 30 learners behind
// one address and 100 concurrent payment requests per account.
//
// Each is configurable as DRILL_LIMIT_<NAME>_<SCOPE>=<burst>/<perMinute>, e.g.
// DRILL_LIMIT_SANDBOX_ADDRESS=600/1200 (README, "Hosting Drill").
import { type BucketRule, createRateLimiter, type RateLimiter } from './rate-limit'

export type LimitScope = 'subject' | 'anonymous' | 'address'
export type LimitName = keyof typeof defaultLimits

export const defaultLimits = {
  /** Simulator runs: page runs and every sandbox API (a run costs 1, a compare or chaos batch 2). */
  sandbox: {
    subject: { burst: 60, perMinute: 120 },
    anonymous: { burst: 20, perMinute: 30 },
    address: { burst: 600, perMinute: 1200 },
  },
  /** New sandbox accounts: POST /api/accounts (usually cookieless curl) and the live console's. */
  accounts: {
    subject: { burst: 10, perMinute: 5 },
    // 30 per 10 minutes, as before the hosting work: a class of 30 behind one NAT can each make one by curl.
    anonymous: { burst: 30, perMinute: 3 },
    address: { burst: 150, perMinute: 15 },
  },
  /** POST /api/import. */
  import: {
    subject: { burst: 10, perMinute: 2 },
    anonymous: { burst: 3, perMinute: 1 },
    address: { burst: 60, perMinute: 20 },
  },
  /**
   * POST /api/own-cards/import-anki: a package is parsed in full, so it has its own
   * bucket; refusals of bad files are cheap and must still be answered with their reason.
   */
  ankiImport: {
    subject: { burst: 30, perMinute: 10 },
    anonymous: { burst: 20, perMinute: 5 },
    address: { burst: 60, perMinute: 20 },
  },
  /** Grades, over HTTP and from the review page. */
  grade: {
    subject: { burst: 120, perMinute: 120 },
    anonymous: { burst: 20, perMinute: 10 },
    address: { burst: 1200, perMinute: 1800 },
  },
  /**
   * Device linking: making a code on /settings and each try of one on /link. 10 per 10 minutes
   * per address — 40-bit codes cannot be guessed at that rate; a person links a few devices.
   */
  link: {
    subject: { burst: 10, perMinute: 1 },
    anonymous: { burst: 10, perMinute: 1 },
    address: { burst: 10, perMinute: 1 },
  },
  /** POST /api/payments and refunds: the subject is the account (bearer key). */
  payments: {
    subject: { burst: 300, perMinute: 3000 },
    anonymous: { burst: 300, perMinute: 3000 },
    address: { burst: 3000, perMinute: 30_000 },
  },
} as const satisfies Record<string, Record<LimitScope, BucketRule>>

export class LimitSettingsError extends Error {}

/** `<burst>/<perMinute>` → a rule; throws on anything else so a typo never silently disables a limit. */
export function parseRule(name: string, value: string): BucketRule {
  const match = /^\s*(\d+)\s*\/\s*(\d+(?:\.\d+)?)\s*$/.exec(value)
  if (!match) throw new LimitSettingsError(`${name}="${value}": expected <burst>/<perMinute>, e.g. 60/120`)
  const burst = Number(match[1])
  const perMinute = Number(match[2])
  if (burst < 1) throw new LimitSettingsError(`${name}: the burst must be at least 1`)
  return { burst, perMinute }
}

export function envName(name: LimitName, scope: LimitScope): string {
  const scopeName = scope === 'subject' ? (name === 'payments' ? 'ACCOUNT' : 'LEARNER') : scope.toUpperCase()
  return `DRILL_LIMIT_${name.toUpperCase()}_${scopeName}`
}

export type LimitTable = Record<LimitName, Record<LimitScope, BucketRule>>

export function readLimits(env: Record<string, string | undefined> = process.env): LimitTable {
  const table = {} as LimitTable
  for (const name of Object.keys(defaultLimits) as LimitName[]) {
    const rules = {} as Record<LimitScope, BucketRule>
    for (const scope of ['subject', 'anonymous', 'address'] as const) {
      const variable = envName(name, scope)
      const value = env[variable]
      rules[scope] =
        value === undefined || value === '' ? defaultLimits[name][scope] : parseRule(variable, value)
    }
    table[name] = rules
  }
  return table
}

const holder = globalThis as unknown as { drillLimits?: { table: LimitTable; limiter: RateLimiter } }

/** The process's limiter and table; on globalThis because Next bundles proxy, pages and routes apart. */
export function limits(): { table: LimitTable; limiter: RateLimiter } {
  holder.drillLimits ??= { table: readLimits(), limiter: createRateLimiter() }
  return holder.drillLimits
}

/**
 * Takes `cost` from `name`'s buckets for this caller: the subject's (a learner or
 * an account) or, without one, the address's anonymous bucket — and always the
 * address-wide bucket.
 */
export function takeLimit(
  name: LimitName,
  {
    subject,
    address,
    cost = 1,
    nowMs,
  }: { subject: string | null; address: string; cost?: number; nowMs: number },
) {
  const { table, limiter } = limits()
  const rules = table[name]
  return limiter.take(
    [
      subject === null
        ? { key: `${name}:anonymous:${address}`, rule: rules.anonymous }
        : { key: `${name}:subject:${subject}`, rule: rules.subject },
      { key: `${name}:address:${address}`, rule: rules.address },
    ],
    nowMs,
    cost,
  )
}
