// The live driver's settings, read once from the environment. A value that would
// make the API unsafe (a key TTL shorter than a day, which lets a late retry charge
// again) is refused at startup rather than silently used.
import path from 'node:path'

import { DAY_MS, DEFAULT_KEY_TTL_MS, DEFAULT_LEASE_MS, DEFAULT_RECOVERY_CONCURRENCY } from '@/lib/engine'

export { DAY_MS }

export interface LiveSettings {
  /** How long an in_progress claim is protected before a retry or the sweep may take it over. */
  leaseMs: number
  /** How long a completed key is kept (and replayed) before the reaper deletes it. */
  keyTtlMs: number
  /** Interval between sweep passes in the server process. */
  sweepMs: number
  /** The simulated provider's own SQLite file (an external system: no shared transaction). */
  providerDbPath: string
  /** Lease recovery: how many stuck keys one pass re-drives at once. */
  recoveryConcurrency: number
  /** How long the simulated provider takes for `tok_slow` (then succeeds). */
  providerSlowMs: number
  /** API and console accounts with no write for this long are purged by the sweeps (DRILL_ACCOUNT_IDLE_DAYS). */
  accountIdleMs: number
  /**
   * PostgreSQL for the engine's tables, accounts, rate limits and console secret (url) and for
   * the provider's ledger (providerUrl): DRILL_DATABASE_URL and DRILL_PROVIDER_DATABASE_URL,
   * both or neither. Null: the SQLite files.
   */
  postgres: { url: string; providerUrl: string } | null
  /**
   * PostgreSQL: admit a payments write in the wrapper's separate steps (account, take, then the
   * engine's key read: three round trips) instead of one statement. For bench:scale's side-by-side
   * figure only (DRILL_BENCH_SEPARATE_ADMISSION=1); the answers are the same either way.
   */
  separateAdmission: boolean
}

export const defaultLiveSettings: LiveSettings = {
  leaseMs: DEFAULT_LEASE_MS,
  keyTtlMs: DEFAULT_KEY_TTL_MS,
  sweepMs: 2_000,
  providerDbPath: path.join('data', 'provider.db'),
  recoveryConcurrency: DEFAULT_RECOVERY_CONCURRENCY,
  providerSlowMs: 2_000,
  accountIdleMs: 30 * DAY_MS,
  postgres: null,
  separateAdmission: false,
}

export class LiveSettingsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LiveSettingsError'
  }
}

type Env = Record<string, string | undefined>

function positiveInteger(env: Env, name: string, fallback: number, unit = 'milliseconds'): number {
  const raw = env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new LiveSettingsError(`${name} must be a positive whole number of ${unit}, got "${raw}"`)
  }
  return value
}

function idleDays(env: Env): number {
  const raw = env.DRILL_ACCOUNT_IDLE_DAYS
  if (raw === undefined || raw.trim() === '') return defaultLiveSettings.accountIdleMs
  const days = Number(raw)
  if (!Number.isFinite(days) || days <= 0)
    throw new LiveSettingsError(`DRILL_ACCOUNT_IDLE_DAYS must be a positive number of days, got "${raw}"`)
  return Math.round(days * DAY_MS)
}

/**
 * Both PostgreSQL URLs or neither: instances sharing one database must share the provider's
 * books too (a per-machine ledger file would let a key re-driven by another instance be
 * charged twice), and a shared ledger behind a per-machine SQLite engine is no setup anyone needs.
 */
function postgresUrls(env: Env): LiveSettings['postgres'] {
  const url = env.DRILL_DATABASE_URL?.trim()
  const providerUrl = env.DRILL_PROVIDER_DATABASE_URL?.trim()
  if (!url && !providerUrl) return null
  if (!url || !providerUrl)
    throw new LiveSettingsError(
      `${url ? 'DRILL_DATABASE_URL' : 'DRILL_PROVIDER_DATABASE_URL'} is set but ${url ? 'DRILL_PROVIDER_DATABASE_URL' : 'DRILL_DATABASE_URL'} is not: ` +
        "set both (the provider's ledger must be shared by every instance too) or neither (SQLite)",
    )
  return { url, providerUrl }
}

/**
 * Reads DRILL_DATABASE_URL + DRILL_PROVIDER_DATABASE_URL, DRILL_LEASE_MS, DRILL_KEY_TTL_MS (+ DRILL_ALLOW_SHORT_TTL), DRILL_SWEEP_MS, DRILL_PROVIDER_DB,
 * DRILL_RECOVERY_CONCURRENCY, DRILL_PROVIDER_SLOW_MS and DRILL_ACCOUNT_IDLE_DAYS.
 */
export function readLiveSettings(env: Env = process.env): LiveSettings {
  const keyTtlMs = positiveInteger(env, 'DRILL_KEY_TTL_MS', defaultLiveSettings.keyTtlMs)
  if (keyTtlMs < DAY_MS && env.DRILL_ALLOW_SHORT_TTL !== '1') {
    throw new LiveSettingsError(
      `DRILL_KEY_TTL_MS=${keyTtlMs} is shorter than 24 h (${DAY_MS}); a client retrying later would be charged again. ` +
        'Set DRILL_ALLOW_SHORT_TTL=1 to allow it (tests only).',
    )
  }
  return {
    leaseMs: positiveInteger(env, 'DRILL_LEASE_MS', defaultLiveSettings.leaseMs),
    keyTtlMs,
    sweepMs: positiveInteger(env, 'DRILL_SWEEP_MS', defaultLiveSettings.sweepMs),
    providerDbPath: env.DRILL_PROVIDER_DB?.trim() || defaultLiveSettings.providerDbPath,
    recoveryConcurrency: positiveInteger(
      env,
      'DRILL_RECOVERY_CONCURRENCY',
      defaultLiveSettings.recoveryConcurrency,
      'keys',
    ),
    providerSlowMs: positiveInteger(env, 'DRILL_PROVIDER_SLOW_MS', defaultLiveSettings.providerSlowMs),
    accountIdleMs: idleDays(env),
    postgres: postgresUrls(env),
    separateAdmission: env.DRILL_BENCH_SEPARATE_ADMISSION === '1',
  }
}
