// The live driver's settings, read once from the environment. A value that would
// make the API unsafe (a key TTL shorter than a day, which lets a late retry charge
// again) is refused at startup rather than silently used.
import path from 'node:path'

export const DAY_MS = 24 * 60 * 60 * 1000

export interface LiveSettings {
  /** How long an in_progress claim is protected before a retry or the sweep may take it over. */
  leaseMs: number
  /** How long a completed key is kept (and replayed) before the reaper deletes it. */
  keyTtlMs: number
  /** Interval between sweep passes in the server process. */
  sweepMs: number
  /** The simulated provider's own SQLite file (an external system: no shared transaction). */
  providerDbPath: string
  /** API and console accounts with no write for this long are purged by the sweeps (DRILL_ACCOUNT_IDLE_DAYS). */
  accountIdleMs: number
}

export const defaultLiveSettings: LiveSettings = {
  leaseMs: 30_000,
  keyTtlMs: DAY_MS,
  sweepMs: 2_000,
  providerDbPath: path.join('data', 'provider.db'),
  accountIdleMs: 30 * DAY_MS,
}

export class LiveSettingsError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LiveSettingsError'
  }
}

type Env = Record<string, string | undefined>

function positiveInteger(env: Env, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  if (!Number.isSafeInteger(value) || value <= 0) {
    throw new LiveSettingsError(`${name} must be a positive whole number of milliseconds, got "${raw}"`)
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

/** Reads DRILL_LEASE_MS, DRILL_KEY_TTL_MS (+ DRILL_ALLOW_SHORT_TTL), DRILL_SWEEP_MS, DRILL_PROVIDER_DB, DRILL_ACCOUNT_IDLE_DAYS. */
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
    accountIdleMs: idleDays(env),
  }
}
