// Every limit Drill enforces, in one table: per learner (or per account, for the
// payments API) AND per address. Requests without a learner cookie share the
// address's small anonymous bucket; the address-wide bucket bounds everyone behind
// one address (a class behind one NAT). Defaults leave room for 30 learners behind
// one address and 100 concurrent payment requests per account.
//
// The buckets live in this process's memory, or, with DRILL_DATABASE_URL, in PostgreSQL
// shared by every instance (shareBucketsThrough). Each is configurable as
// DRILL_LIMIT_<NAME>_<SCOPE>=<burst>/<perMinute>, e.g. DRILL_LIMIT_SANDBOX_ADDRESS=600/1200
// (README, "Hosting Drill").
import { type BucketRule, createRateLimiter, type RateLimiter, type TakeResult } from './rate-limit'

export type LimitScope = 'subject' | 'anonymous' | 'address'
export type LimitName = keyof typeof defaultLimits

export const defaultLimits = {
  /**
   * Simulator runs through the sandbox API: one per scenario not already run (a run kept
   * in memory is free), a chaos batch 2.
   */
  sandbox: {
    subject: { burst: 60, perMinute: 120 },
    anonymous: { burst: 20, perMinute: 30 },
    address: { burst: 600, perMinute: 1200 },
  },
  /**
   * Simulator runs a page view starts: a /sandbox link whose run is not in memory (the
   * presets always are). Its own budget, so browsing never spends the sandbox API's.
   */
  pages: {
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
   * POST /api/grade/suggest: the grader over one answer (a few ms of CPU, nothing stored). The
   * review page grades in the browser and never calls it; this bounds scripts and tools.
   */
  gradeSuggest: {
    subject: { burst: 60, perMinute: 120 },
    anonymous: { burst: 20, perMinute: 30 },
    address: { burst: 600, perMinute: 1200 },
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
  /** The live lock service (app/api/locks): per account, as payments, and per address. */
  locks: {
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

/**
 * Buckets kept outside the process, shared by every instance (PostgreSQL's rate_limit_buckets,
 * db/rate-limit-pg.ts): same all-or-nothing take as the in-memory limiter, one round trip.
 */
export interface SharedBuckets {
  take(
    buckets: readonly { key: string; rule: BucketRule }[],
    nowMs: number,
    cost?: number,
  ): Promise<TakeResult>
}

const holder = globalThis as unknown as {
  drillLimits?: { table: LimitTable; limiter: RateLimiter }
  drillSharedBuckets?: SharedBuckets
}

/** The process's limiter and table; on globalThis because Next bundles proxy, pages and routes apart. */
export function limits(): { table: LimitTable; limiter: RateLimiter } {
  holder.drillLimits ??= { table: readLimits(), limiter: createRateLimiter() }
  return holder.drillLimits
}

/**
 * From now on every take goes to `shared` (null: back to memory). The live driver calls it at
 * start when DRILL_DATABASE_URL is set; without it the buckets stay in this process's memory.
 */
export function shareBucketsThrough(shared: SharedBuckets | null): void {
  if (shared) holder.drillSharedBuckets = shared
  else delete holder.drillSharedBuckets
}

/** `name`'s two buckets for this caller: the subject's (or the address's anonymous one) and the address-wide one. */
export function limitBuckets(
  name: LimitName,
  { subject, address }: { subject: string | null; address: string },
): { key: string; rule: BucketRule }[] {
  const rules = limits().table[name]
  return [
    subject === null
      ? { key: `${name}:anonymous:${address}`, rule: rules.anonymous }
      : { key: `${name}:subject:${subject}`, rule: rules.subject },
    { key: `${name}:address:${address}`, rule: rules.address },
  ]
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
): TakeResult | Promise<TakeResult> {
  const { limiter } = limits()
  const buckets = limitBuckets(name, { subject, address })
  const shared = holder.drillSharedBuckets
  return shared ? shared.take(buckets, nowMs, cost) : limiter.take(buckets, nowMs, cost)
}
