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
} from '@/lib/engine'
import { liveClock } from './clock'
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

export function createLiveRuntime({
  sqlite,
  settings,
  clock = liveClock,
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
  })
  const engine = createEngine({
    sqlite,
    clock,
    provider,
    config: engineConfig({
      inFlightPolicy: { kind: 'reject-409', retryAfterS: RETRY_AFTER_S },
      leaseMs: settings.leaseMs,
      keyTtlMs: settings.keyTtlMs,
    }),
  })
  return { engine, provider, sqlite, providerDb, settings, clock }
}

/** One pass of every sweep, in order: lease recovery, reconciliation, reaper. */
export async function runSweepPass(engine: Engine): Promise<SweepReport[]> {
  return engine.sweepOnce()
}
