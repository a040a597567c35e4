// What one simulated run shares between its parts (servers.ts, clients.ts, runner.ts):
// the scenario, the resolved config, virtual time, the database, the trace recorder
// and the simulated provider.
import type Database from 'better-sqlite3'
import type { EngineUsage } from '../engine'
import type { SimulatedProvider } from '../provider-sim'
import type { Store } from '../store'
import type { TraceInput } from '../trace-sink'
import type { EngineConfig } from '../types'
import type { EventQueue, VirtualClock } from './queue'
import type { TraceRecorder } from './recorder'
import type { Scenario } from './scenario'

export interface SimWorld {
  scenario: Scenario
  config: EngineConfig
  queue: EventQueue
  clock: VirtualClock
  sqlite: Database.Database
  store: Store
  recorder: TraceRecorder
  provider: SimulatedProvider
  /** Records one trace event now. */
  rec(event: TraceInput): void
  /** Set when the run reports which steps and config fields its engines used. */
  usage?: EngineUsage
}

/**
 * A promise that never settles: what a dead server's steps wait on. A fresh one each
 * time, never one shared promise: whatever awaits it (a whole request's frame, and
 * through it the run's engine and trace) hangs off it, and a module-wide one kept
 * every crashed run alive (~20 KB a schedule, 2 GB over a 100,000-schedule fuzz).
 */
export const never = (): Promise<never> => new Promise(() => {})
