// Runs a scenario on the real engine over a virtual clock: scripted clients, a
// network that can drop responses, servers that crash at named steps and restart,
// a simulated provider, sweeps as scheduled events. Same scenario + config + seed
// → byte-identical trace.
//
// Fault model — what a scenario can inject:
// - Crashes of server-1 / server-2 at a named step (FAULT_POINTS: after-claim,
//   after-provider-accept, after-payment-row, before-response), at once or `afterMs`
//   later, for one request or the first to get there; the server restarts after
//   `restartAfterMs`. A crash loses everything in flight on that server (its
//   continuations never run), never a committed row. Requests reaching a dead server
//   are lost.
// - The network: a fixed one-way client⇄server latency (`networkMs`), a dropped
//   response (`drop-response`: the server answered, the client never hears), client
//   timeouts (a late answer is ignored).
// - The provider, per request: ok, decline, slow, timeout-after-accept (money taken,
//   answer lost), unavailable (503, nothing taken), and a webhook `webhookAfterMs`
//   after it settles. Its own idempotency keys and ledger never fail.
// - Time: the claim's database latency (`claimMs`), provider latencies, and forward
//   clock jumps (every timer due in the gap fires at once).
// - Sweeps (lease recovery, reconciliation, reaper) at scheduled times, on a sweeper
//   that never crashes; after the schedule, up to three rounds of recovery and
//   reconciliation (I5 judges what is left).
// What it cannot inject: torn or partial writes (each transaction commits whole or
// not at all), disk or database failures (SQLITE_BUSY, a full disk, a lost fsync), a
// partition between a server and the database or the provider other than the
// provider's own behaviours, clock skew between servers (one clock) or a clock going
// back, dropped, duplicated or reordered requests on a live server, and crashes of the
// provider, the database or the sweeper. Provider behaviours follow the scripted
// request: a sweep's re-drive meets a healthy provider.
import { checkTraceDetailed } from '../check/invariants'
import type { CheckNote, Violation } from '../check/violation'
import { clockStartOf } from '../clock-label'
import type { EngineUsage } from '../engine'
import { type ClientResponse, TRACE_VERSION, type Trace, type TraceActor } from '../trace'
import { type EngineConfig, engineConfig } from '../types'
import { type Clients, createClients } from './clients'
import { simSay } from './narration'
import { ensureScenario, type Scenario, type ScenarioInput } from './scenario'
import { createServers, type Servers } from './servers'
import { releaseEngineDatabase } from './template-db'
import { createWorld, type SimWorld } from './world'

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
  const world = createWorld(scenario, config, {
    snapshots: options.snapshots ?? true,
    check: options.check !== false,
    trackUsage: options.trackUsage ?? false,
    onWebhook: (webhook) => void servers.sweeper().handleWebhook(webhook),
  })
  const servers = createServers(world)
  const clients = createClients(world, servers)
  schedule(world, servers, clients)

  const loop: Loop = { steps: 0, truncated: false }
  await runQueue(world, loop)
  // After the schedule: sweeps until nothing is in_progress or pending_unknown (I5 checks the rest).
  for (let round = 0; round < 3 && !loop.truncated; round++) {
    if (!startFinalRound(world, round)) break
    world.clock.at(world.clock.elapsedMs, () => void servers.sweeper().recoverLeases())
    await runQueue(world, loop)
    world.clock.at(world.clock.elapsedMs, () => void servers.sweeper().reconcile())
    await runQueue(world, loop)
  }
  if (loop.truncated) world.rec({ actor: 'sweeper', kind: 'note', detail: simSay.truncated() })

  const trace = traceOf(world, options.seed ?? scenario.seed, actorsOf(servers, clients), clients.responses)
  releaseEngineDatabase(world.sqlite)
  world.provider.close()
  const checked = options.check === false ? { violations: [], notes: [] } : checkTraceDetailed(trace)
  return {
    scenario,
    config,
    trace,
    violations: checked.violations,
    notes: checked.notes,
    charges: trace.charges,
    responses: trace.responses,
    truncated: loop.truncated,
    ...(world.usage ? { usage: world.usage } : {}),
  }
}

/** The scenario's requests, sweeps and clock jumps as events on the virtual clock. */
function schedule(world: SimWorld, servers: Servers, clients: Clients): void {
  const { scenario, clock, rec } = world
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
}

/** The loop's count of scheduler steps, shared by every pass of one run. */
interface Loop {
  steps: number
  truncated: boolean
}

/** Runs events in time order until the queue is empty or the run hits a limit. */
async function runQueue(world: SimWorld, loop: Loop): Promise<void> {
  const { queue, clock, recorder } = world
  // A full turn first: from here on this runs inside the microtask phase (what `settle`
  // needs), and the event loop gets to breathe (signals, output) between passes.
  await drain()
  while (queue.size > 0) {
    const item = queue.pop()!
    if (item.tMs > clock.elapsedMs) clock.elapsedMs = item.tMs
    item.run()
    await settle()
    if (++loop.steps > MAX_STEPS || recorder.overflowed) {
      loop.truncated = true
      return
    }
  }
}

/**
 * Prepares one final round of sweeps: false when every key is completed. Else the clock
 * moves past the last open lease (so recovery may take it over).
 */
function startFinalRound(world: SimWorld, round: number): boolean {
  const { store, clock } = world
  const open = store.allKeys().filter((k) => k.status !== 'completed')
  if (open.length === 0) return false
  const leaseEnd = Math.max(
    ...open.filter((k) => k.status === 'in_progress').map((k) => k.lease_until_ms - clock.startMs),
    0,
  )
  clock.elapsedMs = Math.max(clock.elapsedMs, leaseEnd)
  if (round === 0) world.rec({ actor: 'sweeper', kind: 'note', detail: simSay.finalSweeps() })
  return true
}

/** The trace's lanes: clients in first-seen order, the started servers, db, provider, sweeper. */
function actorsOf(servers: Servers, clients: Clients): TraceActor[] {
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
  return actors
}

function traceOf(world: SimWorld, seed: number, actors: TraceActor[], responses: ClientResponse[]): Trace {
  const { scenario, config, clock, recorder } = world
  return {
    version: TRACE_VERSION,
    scenario: scenario.id,
    seed,
    clockStart: clockStartOf(clock.startMs),
    actors,
    events: recorder.events,
    responses,
    charges: world.provider.chargeCount(),
    config: {
      flaws: [...config.flaws],
      inFlightPolicy: { ...config.inFlightPolicy },
      leaseMs: config.leaseMs,
      keyTtlMs: config.keyTtlMs,
    },
    startMs: clock.startMs,
  }
}
