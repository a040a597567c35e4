// What one simulated run shares between its parts (servers.ts, clients.ts, runner.ts):
// the scenario, the resolved config, virtual time, the database, the trace recorder
// and the simulated provider. `createWorld` builds them in the order a run needs.
import type Database from 'better-sqlite3'
import type { EngineUsage } from '../engine'
import { type ProviderBehaviour, SimulatedProvider, type SimulatedProviderOptions } from '../provider-sim'
import { type SqliteEngineStore, sqliteStore } from '../store-sqlite'
import type { TraceInput } from '../trace-sink'
import type { Clock, EngineConfig } from '../types'
import { EventQueue, VirtualClock } from './queue'
import { TraceRecorder } from './recorder'
import { LIMITS, type Scenario } from './scenario'
import { freshEngineDatabase } from './template-db'

export interface SimWorld {
  scenario: Scenario
  config: EngineConfig
  queue: EventQueue
  clock: VirtualClock
  sqlite: Database.Database
  store: SqliteEngineStore
  recorder: TraceRecorder
  provider: SimulatedProvider
  /** Records one trace event now. */
  rec(event: TraceInput): void
  /** Set when the run reports which steps and config fields its engines used. */
  usage?: EngineUsage
}

export interface WorldOptions {
  /** Record each commit's row snapshots (the checker needs them). */
  snapshots: boolean
  /** Run the checker: refused without snapshots. */
  check: boolean
  trackUsage: boolean
  /** Where the provider's webhooks go (the sweeper's engine, started later). */
  onWebhook: NonNullable<SimulatedProviderOptions['onWebhook']>
}

/** A fresh world for one run: the engine database comes from the pool (give it back after). */
export function createWorld(scenario: Scenario, config: EngineConfig, options: WorldOptions): SimWorld {
  const queue = new EventQueue()
  const clock = new VirtualClock(Date.parse(scenario.startAt), queue)
  const sqlite = freshEngineDatabase(scenario.firstPaymentId)
  const store = sqliteStore(sqlite)
  // The provider is created below; the recorder reads its ledger lazily.
  let provider: SimulatedProvider | undefined
  if (!options.snapshots && options.check)
    throw new Error('The checker reads row snapshots: a run without them must pass check: false.')
  const recorder = new TraceRecorder(clock, sqlite, () => provider!, LIMITS.events, options.snapshots)
  const rec = (event: TraceInput) => recorder.record(event)
  provider = createProvider(scenario, clock, recorder, options.onWebhook)
  const usage: EngineUsage | undefined = options.trackUsage
    ? { steps: new Set(), config: new Set() }
    : undefined
  return {
    scenario,
    config,
    queue,
    clock,
    sqlite,
    store,
    recorder,
    provider,
    rec,
    ...(usage ? { usage } : {}),
  }
}

/** The provider's behaviour per request id: the scenario's `provider` faults, else ok. */
function behavioursOf(scenario: Scenario): Map<string, ProviderBehaviour> {
  const behaviours = new Map<string, ProviderBehaviour>()
  for (const f of scenario.faults) {
    if (f.kind === 'provider')
      behaviours.set(f.requestId, {
        kind: f.behaviour,
        ...(f.webhookAfterMs !== undefined ? { webhookAfterMs: f.webhookAfterMs } : {}),
      })
  }
  return behaviours
}

function createProvider(
  scenario: Scenario,
  clock: VirtualClock,
  recorder: TraceRecorder,
  onWebhook: WorldOptions['onWebhook'],
): SimulatedProvider {
  const { timing } = scenario
  const behaviours = behavioursOf(scenario)
  const globalClock: Clock = { nowMs: () => clock.nowMs(), sleep: (ms) => clock.sleep(ms) }
  return new SimulatedProvider({
    database: ':memory:',
    clock: globalClock,
    behaviour: (request) => behaviours.get(request.requestId) ?? { kind: 'ok' },
    timing: {
      latencyMs: timing.providerMs,
      slowMs: timing.slowProviderMs,
      timeoutMs: timing.providerTimeoutMs,
    },
    trace: recorder,
    onWebhook,
  })
}

/**
 * A promise that never settles: what a dead server's steps wait on. A fresh one each
 * time, never one shared promise: whatever awaits it (a whole request's frame, and
 * through it the run's engine and trace) hangs off it, and a module-wide one kept
 * every crashed run alive (~20 KB a schedule, 2 GB over a 100,000-schedule fuzz).
 */
export const never = (): Promise<never> => new Promise(() => {})
