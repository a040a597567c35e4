// Runs a scenario on the real engine over a virtual clock: scripted clients, a
// network that can drop responses, servers that crash at named steps and restart,
// a simulated provider, sweeps as scheduled events. Same scenario + config + seed
// → byte-identical trace.
import { checkTraceDetailed } from '../check/invariants'
import type { CheckNote, Violation } from '../check/violation'
import { clockStartOf } from '../clock-label'
import type { EngineUsage } from '../engine'
import { type ProviderBehaviour, SimulatedProvider } from '../provider-sim'
import { storeFor } from '../store'
import { type ClientResponse, TRACE_VERSION, type Trace, type TraceActor } from '../trace'
import type { TraceInput } from '../trace-sink'
import { type Clock, type EngineConfig, engineConfig } from '../types'
import { createClients } from './clients'
import { simSay } from './narration'
import { EventQueue, VirtualClock } from './queue'
import { TraceRecorder } from './recorder'
import { ensureScenario, LIMITS, type Scenario, type ScenarioInput } from './scenario'
import { createServers } from './servers'
import { freshEngineDatabase, releaseEngineDatabase } from './template-db'
import type { SimWorld } from './world'

export interface RunOptions {
  /** Overrides the scenario's own config field by field (flaws replace, not merge). */
  config?: Partial<EngineConfig>
  /** Recorded in the trace; defaults to the scenario's seed. */
  seed?: number
  /** Run the checker (default true). */
  check?: boolean
  /**
   * Record each commit's row snapshots (default true). Off for a run only its events are read
   * from; the checker needs them (so `check` must be false too).
   */
  snapshots?: boolean
  /** Report which replaceable steps and config fields the run's engines used (`RunResult.usage`). */
  trackUsage?: boolean
}

export interface RunResult {
  scenario: Scenario
  config: EngineConfig
  trace: Trace
  violations: Violation[]
  /** Checker remarks that are not violations (e.g. a new intent after expiry). */
  notes: CheckNote[]
  /** Charges in the provider's ledger at the end. */
  charges: number
  responses: ClientResponse[]
  /** True when the run hit the event limit and stopped early. */
  truncated: boolean
  /** With `trackUsage`: the steps and config fields the run used. */
  usage?: EngineUsage
}

/** Scheduler steps (not trace events) before a run is cut off: bounds waits and polling. */
const MAX_STEPS = 200_000
/** One event-loop turn: everything queued before it (ticks, microtasks) has run. */
const drain = () => new Promise<void>((resolve) => setImmediate(resolve))
/**
 * Waits until every continuation the last event started has run. The simulation's
 * promise chains wait only on the virtual clock's queue (or forever), never on timers,
 * I/O or ticks, so the event's consequences are complete once the microtask queue is
 * empty. Called from a microtask (after an `await`), a nextTick runs exactly then: Node
 * runs ticks when V8 has drained its microtasks. A setImmediate per event cost ~10× more.
 */
const settle = () => new Promise<void>((resolve) => process.nextTick(resolve))

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

/** The scenario's config with the run's overrides on top. */
export function resolveConfig(scenario: Scenario, overrides: Partial<EngineConfig> = {}): EngineConfig {
  return engineConfig({ ...definedOnly(scenario.config), ...definedOnly(overrides) } as Partial<EngineConfig>)
}

export async function runScenario(
  input: Scenario | ScenarioInput,
  options: RunOptions = {},
): Promise<RunResult> {
  const scenario: Scenario = ensureScenario(input)
  const config = resolveConfig(scenario, options.config)
  const seed = options.seed ?? scenario.seed
  const { timing } = scenario
  const startMs = Date.parse(scenario.startAt)

  const queue = new EventQueue()
  const clock = new VirtualClock(startMs, queue)
  const sqlite = freshEngineDatabase(scenario.firstPaymentId)
  const store = storeFor(sqlite)
  // The provider is created below; the recorder reads its ledger lazily.
  let provider: SimulatedProvider | undefined
  const snapshots = options.snapshots ?? true
  if (!snapshots && options.check !== false)
    throw new Error('The checker reads row snapshots: a run without them must pass check: false.')
  const recorder = new TraceRecorder(clock, sqlite, () => provider!, LIMITS.events, snapshots)
  const rec = (event: TraceInput) => recorder.record(event)

  const behaviours = new Map<string, ProviderBehaviour>()
  for (const f of scenario.faults) {
    if (f.kind === 'provider')
      behaviours.set(f.requestId, {
        kind: f.behaviour,
        ...(f.webhookAfterMs !== undefined ? { webhookAfterMs: f.webhookAfterMs } : {}),
      })
  }
  const globalClock: Clock = { nowMs: () => clock.nowMs(), sleep: (ms) => clock.sleep(ms) }
  provider = new SimulatedProvider({
    database: ':memory:',
    clock: globalClock,
    behaviour: (request) => behaviours.get(request.requestId) ?? { kind: 'ok' },
    timing: {
      latencyMs: timing.providerMs,
      slowMs: timing.slowProviderMs,
      timeoutMs: timing.providerTimeoutMs,
    },
    trace: recorder,
    onWebhook: (webhook) => void servers.sweeper().handleWebhook(webhook),
  })
  const theProvider = provider
  const usage: EngineUsage | undefined = options.trackUsage
    ? { steps: new Set(), config: new Set() }
    : undefined
  const world: SimWorld = {
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
  const servers = createServers(world)
  const clients = createClients(world, servers)

  for (const r of scenario.requests) clock.at(r.atMs, () => clients.send(r))
  for (const s of scenario.sweeps)
    clock.at(s.atMs, () => {
      const engine = servers.sweeper()
      void (s.sweep === 'lease-recovery'
        ? engine.recoverLeases()
        : s.sweep === 'reconciliation'
          ? engine.reconcile()
          : engine.reapExpiredKeys())
    })
  for (const f of scenario.faults)
    if (f.kind === 'clock-jump')
      clock.at(f.atMs, () => {
        clock.elapsedMs += f.byMs
        rec({ actor: 'db', kind: 'clock-jump', detail: simSay.clockJump(f.byMs) })
      })

  // ── the loop ──
  let steps = 0
  let truncated = false
  const runQueue = async () => {
    // A full turn first: from here on this runs inside the microtask phase (what `settle`
    // needs), and the event loop gets to breathe (signals, output) between passes.
    await drain()
    while (queue.size > 0) {
      const item = queue.pop()!
      if (item.tMs > clock.elapsedMs) clock.elapsedMs = item.tMs
      item.run()
      await settle()
      if (++steps > MAX_STEPS || recorder.overflowed) {
        truncated = true
        return
      }
    }
  }
  await runQueue()

  // After the schedule: sweeps until nothing is in_progress or pending_unknown (I5 checks the rest).
  for (let round = 0; round < 3 && !truncated; round++) {
    const open = store.keysAll.all().filter((k) => k.status !== 'completed')
    if (open.length === 0) break
    const leaseEnd = Math.max(
      ...open.filter((k) => k.status === 'in_progress').map((k) => k.lease_until_ms - startMs),
      0,
    )
    clock.elapsedMs = Math.max(clock.elapsedMs, leaseEnd)
    if (round === 0) rec({ actor: 'sweeper', kind: 'note', detail: simSay.finalSweeps() })
    clock.at(clock.elapsedMs, () => void servers.sweeper().recoverLeases())
    await runQueue()
    clock.at(clock.elapsedMs, () => void servers.sweeper().reconcile())
    await runQueue()
  }
  if (truncated) rec({ actor: 'sweeper', kind: 'note', detail: simSay.truncated() })

  const actors: TraceActor[] = []
  for (const [lane, accountId] of clients.accounts)
    actors.push({
      id: lane,
      kind: 'client',
      label: `Client ${lane.replace(/^client-/, '')} (account ${accountId})`,
    })
  for (const id of servers.ids().sort())
    actors.push({ id, kind: 'server', label: id === 'server-1' ? 'Server 1' : 'Server 2' })
  actors.push({ id: 'db', kind: 'database', label: 'Database' })
  actors.push({ id: 'provider', kind: 'provider', label: 'Provider' })
  if (servers.sweeperStarted()) actors.push({ id: 'sweeper', kind: 'sweeper', label: 'Sweeper' })

  const charges = theProvider.chargeCount()
  const responses: ClientResponse[] = clients.responses
  const trace: Trace = {
    version: TRACE_VERSION,
    scenario: scenario.id,
    seed,
    clockStart: clockStartOf(startMs),
    actors,
    events: recorder.events,
    responses,
    charges,
    config: {
      flaws: [...config.flaws],
      inFlightPolicy: { ...config.inFlightPolicy },
      leaseMs: config.leaseMs,
      keyTtlMs: config.keyTtlMs,
    },
    startMs,
  }
  releaseEngineDatabase(sqlite)
  theProvider.close()
  const checked = options.check === false ? { violations: [], notes: [] } : checkTraceDetailed(trace)
  return {
    scenario,
    config,
    trace,
    violations: checked.violations,
    notes: checked.notes,
    charges,
    responses,
    truncated,
    ...(usage ? { usage } : {}),
  }
}
