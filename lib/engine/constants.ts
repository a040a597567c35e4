// Constants shared across the app, defined once. Here (not in lib/) because the engine
// may import only itself (and the calendar's units, lib/calendar, a leaf that imports nothing);
// everything else imports them from '@/lib/engine'.
import { DAY_MS } from '../calendar'

export { DAY_MS, HOUR_MS } from '../calendar'

/** How long a claim protects its in_progress row before a retry or a sweep may take it over. */
export const DEFAULT_LEASE_MS = 30_000
/** How long a key and its stored response are kept (and replayed): a day, as the card says. */
export const DEFAULT_KEY_TTL_MS = DAY_MS
/**
 * Lease recovery: how many stuck keys one engine re-drives at once unless told
 * otherwise (`recoveryConcurrency` of createEngine; live: DRILL_RECOVERY_CONCURRENCY).
 * After a crash every stuck key recovers within about lease + provider latency ×
 * ceil(stuck keys / concurrency).
 */
export const DEFAULT_RECOVERY_CONCURRENCY = 32

/** The sweeps, in the order `sweepOnce` runs them (UI lists and scenario schemas use this). */
export const SWEEP_KINDS = ['lease-recovery', 'reconciliation', 'reaper'] as const
export type SweepKind = (typeof SWEEP_KINDS)[number]
