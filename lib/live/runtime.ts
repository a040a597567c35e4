// Builds the live driver: the engine on the app's database, the real clock, and the
// simulated provider on ITS OWN database (an external system: it shares no transaction
// with us), behaving by test token. SQLite (the default): the app's file and the provider's
// file. PostgreSQL (DRILL_DATABASE_URL + DRILL_PROVIDER_DATABASE_URL): the engine's store
// port on one shared database and the provider's books on another, so any number of
// instances serve the same keys and a key re-driven by another instance is never charged
// again. No Next imports: the server process and `npm run sweep` both build it.
import { AsyncLocalStorage } from 'node:async_hooks'
import type pg from 'pg'
import { type PrefetchedKeyRow, pgEngineStore } from '@/db/engine-store-pg'
import { openSqlite, type Sqlite } from '@/db/open'
import { type Admission, type AdmissionRequest, pgPaymentAdmission } from '@/db/payment-admission-pg'
import { pgProviderLedger } from '@/db/provider-ledger-pg'
import { pgBuckets } from '@/db/rate-limit-pg'
import { pgDb } from '@/db/sql/pg-db'
import { sqliteDb } from '@/db/sql/sqlite-db'
import {
  behaviourForToken,
  type Clock,
  createEngine,
  type Engine,
  engineConfig,
  SimulatedProvider,
  SWEEP_BATCH,
  type SweepReport,
  systemClock,
} from '@/lib/engine'
import { gatedSqliteStore } from './gated-store'
import { heldLeases } from './held-leases'
import { type PurgeReport, purgeIdleAccounts } from './purge'
import type { LiveSettings } from './settings'

export interface LiveRuntime {
  engine: Engine
  provider: SimulatedProvider
  settings: LiveSettings
  clock: Clock
  /** The idle-account purge on this runtime's databases (after each sweep pass). */
  purgeIdle(options: { nowMs: number; idleMs: number }): Promise<PurgeReport>
  /** PostgreSQL: forgets the rate-limit buckets that are full again (memory's are bounded in-process). */
  pruneBuckets?(nowMs: number): Promise<number>
  /**
   * PostgreSQL: a payments write's caller, rate-limit take and key row in one round trip
   * (db/payment-admission-pg.ts), so a replay makes one where it made three.
   */
  admitPaymentWrite?(request: AdmissionRequest): Promise<Admission>
  /** PostgreSQL: `step` (an engine call) with the admission's key row as the engine's first read of that key. */
  withAdmittedKey?<T>(keyRow: PrefetchedKeyRow, step: () => Promise<T>): Promise<T>
  /** PostgreSQL: `step` (one request's engine call); if it throws, the leases it won end now (lib/live/held-leases.ts). */
  standingDownOnThrow?<T>(step: () => Promise<T>): Promise<T>
}

/** The default runtime: the app's SQLite file and the provider's own file. */
export interface SqliteLiveRuntime extends LiveRuntime {
  /** The app's database (the engine's). */
  sqlite: Sqlite
  /** The provider's own database (the idle-account purge deletes ledger rows there). */
  providerDb: Sqlite
}

/** Seconds a 409 tells the client to wait: tok_slow takes 2 s, so 1 s is a fair first retry. */
export const RETRY_AFTER_S = 1

/** The live API's URL of a payment (its `Location`): the route app/api/payments/[id]. */
export const paymentPath = (paymentId: number): string => `/api/payments/${paymentId}`

export function createLiveRuntime({
  sqlite,
  settings,
  clock = systemClock,
}: {
  sqlite: Sqlite
  settings: LiveSettings
  clock?: Clock
}): SqliteLiveRuntime {
  const providerDb = openSqlite(settings.providerDbPath)
  const provider = new SimulatedProvider({
    database: providerDb,
    clock,
    behaviour: behaviourForToken,
    timing: { slowMs: settings.providerSlowMs },
  })
  const engine = createEngine({
    store: gatedSqliteStore(sqlite),
    clock,
    provider,
    ...engineOptions(settings),
  })
  return {
    engine,
    provider,
    sqlite,
    providerDb,
    settings,
    clock,
    purgeIdle: (options) =>
      purgeIdleAccounts({ db: sqliteDb(sqlite), providerDb: sqliteDb(providerDb) }, options),
  }
}

/** The runtime on PostgreSQL: `pool` holds the engine's tables, `providerPool` the provider's books. */
export function createPgLiveRuntime({
  pool,
  providerPool,
  settings,
  clock = systemClock,
}: {
  pool: pg.Pool
  providerPool: pg.Pool
  settings: LiveSettings
  clock?: Clock
}): LiveRuntime {
  const provider = new SimulatedProvider({
    ledger: pgProviderLedger(providerPool),
    clock,
    behaviour: behaviourForToken,
    timing: { slowMs: settings.providerSlowMs },
  })
  // Per request: the key row its admission read (the ALS is the runtime's, shared on globalThis with it).
  const admitted = new AsyncLocalStorage<PrefetchedKeyRow>()
  const leases = heldLeases(pool)
  const engine = createEngine({
    store: leases.noting(
      pgEngineStore(pool, { sweepBatch: SWEEP_BATCH, prefetchedKey: () => admitted.getStore() }),
    ),
    clock,
    provider,
    ...engineOptions(settings),
  })
  return {
    engine,
    provider,
    settings,
    clock,
    purgeIdle: (options) => purgeIdleAccounts({ db: pgDb(pool), providerDb: pgDb(providerPool) }, options),
    pruneBuckets: (nowMs) => pgBuckets(pool).prune(nowMs),
    standingDownOnThrow: leases.standingDownOnThrow,
    ...(settings.separateAdmission
      ? {}
      : {
          admitPaymentWrite: (request: AdmissionRequest) => pgPaymentAdmission(pool).admit(request),
          withAdmittedKey: <T>(keyRow: PrefetchedKeyRow, step: () => Promise<T>) =>
            admitted.run(keyRow, step),
        }),
  }
}

function engineOptions(settings: LiveSettings) {
  return {
    paymentUrl: paymentPath,
    config: engineConfig({
      inFlightPolicy: { kind: 'reject-409', retryAfterS: RETRY_AFTER_S },
      leaseMs: settings.leaseMs,
      // The attempt that won a claim but lost its lease under load answers the key's outcome: it waits
      // out the taker's whole lease and a re-drive that outlasts it (two leases at most), then 409.
      leaseLostWaitMs: 2 * settings.leaseMs,
      keyTtlMs: settings.keyTtlMs,
    }),
    recoveryConcurrency: settings.recoveryConcurrency,
  } as const
}

/** One pass of every sweep, in order: lease recovery, reconciliation, reaper. */
export async function runSweepPass(engine: Engine): Promise<SweepReport[]> {
  return engine.sweepOnce()
}
