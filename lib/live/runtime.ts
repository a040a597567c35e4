// Builds the live driver: the engine on the app's SQLite connection, the real
// clock, and the simulated provider on ITS OWN file (an external system: it shares
// no transaction with us), behaving by test token. No Next imports: the server
// process and `npm run sweep` both build it.
import { openSqlite, type Sqlite } from '@/db/open'
import {
  behaviourForToken,
  type Clock,
  createEngine,
  type Engine,
  engineConfig,
  SimulatedProvider,
  type SweepReport,
  systemClock,
} from '@/lib/engine'
import type { LiveSettings } from './settings'

export interface LiveRuntime {
  engine: Engine
  provider: SimulatedProvider
  /** The app's database (the engine's). */
  sqlite: Sqlite
  /** The provider's own database (the idle-account purge deletes ledger rows there). */
  providerDb: Sqlite
  settings: LiveSettings
  clock: Clock
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
}): LiveRuntime {
  const providerDb = openSqlite(settings.providerDbPath)
  const provider = new SimulatedProvider({
    database: providerDb,
    clock,
    behaviour: behaviourForToken,
    timing: { slowMs: settings.providerSlowMs },
  })
  const engine = createEngine({
    sqlite,
    clock,
    provider,
    paymentUrl: paymentPath,
    config: engineConfig({
      inFlightPolicy: { kind: 'reject-409', retryAfterS: RETRY_AFTER_S },
      leaseMs: settings.leaseMs,
      keyTtlMs: settings.keyTtlMs,
    }),
    recoveryConcurrency: settings.recoveryConcurrency,
  })
  return { engine, provider, sqlite, providerDb, settings, clock }
}

/** One pass of every sweep, in order: lease recovery, reconciliation, reaper. */
export async function runSweepPass(engine: Engine): Promise<SweepReport[]> {
  return engine.sweepOnce()
}
