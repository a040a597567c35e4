// Runs a scenario on the real engine over a virtual clock: scripted clients, a
// network that can drop responses, servers that crash at named steps and restart,
// a simulated provider, sweeps as scheduled events. Same scenario + config + seed
// → byte-identical trace.
import { canonicalJson, sha256Hex } from '../canonical'
import { checkTraceDetailed } from '../check/invariants'
import type { CheckNote, Violation } from '../check/violation'
import { createEngine, type Engine } from '../engine'
import type { FaultHooks } from '../faults'
import type { PaymentProvider } from '../provider'
import { type ProviderBehaviour, SimulatedProvider } from '../provider-sim'
import { storeFor } from '../store'
import { type ClientResponse, TRACE_VERSION, type Trace, type TraceActor } from '../trace'
import type { TraceInput } from '../trace-sink'
import { type Clock, type EngineConfig, type EngineResponse, engineConfig } from '../types'
import { EventQueue, VirtualClock } from './queue'
import { TraceRecorder } from './recorder'
import { ensureScenario, LIMITS, type Scenario, type ScenarioInput, type ScenarioRequest } from './scenario'
import { freshEngineDatabase, releaseEngineDatabase } from './template-db'

export interface RunOptions {
  /** Overrides the scenario's own config field by field (flaws replace, not merge). */
  config?: Partial<EngineConfig>
  /** Recorded in the trace; defaults to the scenario's seed. */
  seed?: number
  /** Run the checker (default true). */
  check?: boolean
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
}

/** Scheduler steps (not trace events) before a run is cut off: bounds waits and polling. */
const MAX_STEPS = 200_000
/**
 * A promise that never settles: what a dead server's steps wait on. A fresh one each
 * time, never one shared promise: whatever awaits it (a whole request's frame, and
 * through it the run's engine and trace) hangs off it, and a module-wide one kept
 * every crashed run alive (~20 KB a schedule, 2 GB over a 100,000-schedule fuzz).
 */
const never = (): Promise<never> => new Promise(() => {})
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

interface Server {
  id: string
  alive: boolean
  epoch: number
  engine: Engine
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}

/** The scenario's config with the run's overrides on top. */
export function resolveConfig(scenario: Scenario, overrides: Partial<EngineConfig> = {}): EngineConfig {
  return engineConfig({ ...definedOnly(scenario.config), ...definedOnly(overrides) } as Partial<EngineConfig>)
}

function clockLabel(startMs: number): string {
  return new Date(startMs).toISOString().slice(11, 23)
}

function responseDetail(r: EngineResponse): string {
  let body: Record<string, unknown> = {}
  try {
    body = JSON.parse(r.body) as Record<string, unknown>
  } catch {}
  const what =
    typeof body.object === 'string' ? `${body.object} ${String(body.id)}, ${String(body.state)}` : ''
  switch (r.kind) {
    case 'created':
      return `server answers ${r.status}: ${what}`
    case 'declined':
      return `server answers ${r.status}: ${what} (card_declined)`
    case 'pending':
      return r.replayed
        ? `server answers the current state, ${r.status}: ${what}`
        : `server answers ${r.status}: ${what} (outcome unknown)`
    case 'replayed':
      return `server replays the stored ${r.status}${what ? `: ${what}` : ''}`
    case 'in-flight':
      return `server answers 409: still in flight, Retry-After ${r.retryAfterS ?? 1} s`
    case 'mismatch':
      return 'server answers 422: the key was used with a different body'
    case 'invalid':
      return 'server answers 400: the body is invalid'
    default:
      return `server answers ${r.status} (${r.kind})`
  }
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
  const recorder = new TraceRecorder(clock, store, () => provider!, LIMITS.events)
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
    onWebhook: (webhook) => void sweeper().handleWebhook(webhook),
  })
  const theProvider = provider

  // ── servers: a crash bumps the epoch; every continuation of the old epoch is dropped ──
  const servers = new Map<string, Server>()
  const firedCrashes = new Set<number>()
  const gate = <T>(server: Server, promise: Promise<T>): Promise<T> => {
    const epoch = server.epoch
    return promise.then((value) => (server.epoch === epoch ? value : never()))
  }

  function crash(server: Server, step: string, restartAfterMs: number): void {
    server.alive = false
    server.epoch++
    rec({
      actor: server.id,
      kind: 'crash',
      step,
      detail: `${server.id} dies ${step.replace(/-/g, ' ')}: everything in flight on it is lost`,
    })
    clock.at(clock.elapsedMs + restartAfterMs, () => {
      server.alive = true
      rec({
        actor: server.id,
        kind: 'restart',
        detail: `${server.id} restarts with empty memory; the database kept its rows`,
      })
    })
  }

  function serverFor(id: string): Server {
    let server = servers.get(id)
    if (server) return server
    const self: Server = { id, alive: true, epoch: 0, engine: undefined as unknown as Engine }
    const serverClock: Clock = { nowMs: () => clock.nowMs(), sleep: (ms) => gate(self, clock.sleep(ms)) }
    const gatedProvider: PaymentProvider = {
      charge: (r) => gate(self, theProvider.charge(r)),
      lookup: (k) => gate(self, theProvider.lookup(k)),
      refund: (r) => gate(self, theProvider.refund(r)),
      ledger: (a) => theProvider.ledger(a),
    }
    const hooks: FaultHooks = {
      reached(step, ctx) {
        if (step === 'before-claim') return timing.claimMs > 0 ? serverClock.sleep(timing.claimMs) : undefined
        const index = scenario.faults.findIndex(
          (f, i) =>
            f.kind === 'crash' &&
            !firedCrashes.has(i) &&
            f.step === step &&
            f.server === id &&
            (f.requestId === undefined || f.requestId === ctx.requestId),
        )
        if (index < 0) return undefined
        firedCrashes.add(index)
        const fault = scenario.faults[index]
        if (fault?.kind !== 'crash') return undefined
        if (fault.afterMs === 0) {
          crash(self, step, fault.restartAfterMs)
          return never()
        }
        return serverClock.sleep(fault.afterMs).then(() => {
          crash(self, step, fault.restartAfterMs)
          return never()
        })
      },
    }
    self.engine = createEngine({
      sqlite,
      clock: serverClock,
      provider: gatedProvider,
      config,
      faults: hooks,
      trace: recorder,
      actor: id,
    })
    servers.set(id, self)
    server = self
    return server
  }

  let sweeperEngine: Engine | undefined
  function sweeper(): Engine {
    sweeperEngine ??= createEngine({
      sqlite,
      clock: globalClock,
      provider: theProvider,
      config,
      trace: recorder,
      actor: 'sweeper',
    })
    return sweeperEngine
  }

  // ── clients ──
  const lanes = new Map<string, string>()
  const laneOf = (r: ScenarioRequest): string => {
    const own =
      r.client ??
      (r.retryOf !== undefined ? lanes.get(r.retryOf)?.replace(/^client-/, '') : undefined) ??
      r.id
    const lane = `client-${own}`
    lanes.set(r.id, lane)
    return lane
  }
  const dropped = new Set(scenario.faults.flatMap((f) => (f.kind === 'drop-response' ? [f.requestId] : [])))
  const responses: ClientResponse[] = []
  const clientAccounts = new Map<string, number>()

  function send(r: ScenarioRequest): void {
    const lane = laneOf(r)
    if (!clientAccounts.has(lane)) clientAccounts.set(lane, r.accountId)
    const state = { answered: false, gaveUp: false }
    const bodyHash = sha256Hex(
      canonicalJson(r.operation === 'refund' ? { ...(r.body as object), paymentId: r.paymentId } : r.body),
    )
    const common = { requestId: r.id, accountId: r.accountId, key: r.key, bodyHash }
    const what = r.operation === 'refund' ? `refund of payment ${r.paymentId}` : 'POST /payments'
    rec({
      actor: lane,
      kind: 'request-sent',
      from: lane,
      to: r.server,
      ...common,
      detail:
        r.retryOf !== undefined
          ? `${r.id} retries: ${what} again with the same key`
          : `${r.id} sends ${what} for account ${r.accountId} with key ${r.key.length > 12 ? `${r.key.slice(0, 8)}…` : r.key}`,
    })
    clock.at(
      clock.elapsedMs + r.timeoutMs,
      () => {
        if (state.answered) return
        state.gaveUp = true
        rec({
          actor: lane,
          kind: 'client-timeout',
          ...common,
          detail: `${r.id} times out after ${r.timeoutMs} ms without an answer`,
        })
      },
      0,
    )
    clock.at(clock.elapsedMs + timing.networkMs, () => {
      const server = serverFor(r.server)
      if (!server.alive) {
        rec({
          actor: r.server,
          kind: 'note',
          ...common,
          detail: `${r.server} is down: ${r.id} goes unanswered`,
        })
        return
      }
      const epoch = server.epoch
      const call =
        r.operation === 'refund'
          ? server.engine.refundPayment({
              accountId: r.accountId,
              key: r.key,
              paymentId: r.paymentId ?? 0,
              body: r.body,
              requestId: r.id,
              ...(r.waitMs !== undefined ? { waitMs: r.waitMs } : {}),
            })
          : server.engine.createPayment({
              accountId: r.accountId,
              key: r.key,
              body: r.body,
              requestId: r.id,
              ...(r.waitMs !== undefined ? { waitMs: r.waitMs } : {}),
            })
      void call.then((response) => {
        if (server.epoch !== epoch) return
        // What the response-sent and response-received events both carry.
        const answer = { status: response.status, responseBody: response.body, replayed: response.replayed }
        rec({
          actor: r.server,
          kind: 'response-sent',
          from: r.server,
          to: lane,
          ...common,
          ...answer,
          detail: responseDetail(response),
        })
        if (dropped.has(r.id)) {
          rec({
            actor: r.server,
            kind: 'response-lost',
            from: r.server,
            to: lane,
            ...common,
            status: response.status,
            detail: `the network drops the ${response.status}: ${r.id} never sees it`,
          })
          return
        }
        clock.at(clock.elapsedMs + timing.networkMs, () => {
          if (state.gaveUp) {
            rec({
              actor: lane,
              kind: 'note',
              ...common,
              detail: `the ${response.status} arrives after ${r.id} gave up: ignored`,
            })
            return
          }
          state.answered = true
          let body: unknown = null
          try {
            body = JSON.parse(response.body)
          } catch {}
          rec({
            actor: lane,
            kind: 'response-received',
            from: r.server,
            to: lane,
            ...common,
            ...answer,
            detail: `${r.id} receives ${response.status}${response.replayed ? ' (replayed)' : ''}`,
          })
          responses.push({
            tMs: clock.elapsedMs,
            requestId: r.id,
            accountId: r.accountId,
            key: r.key,
            status: response.status,
            body,
            replayed: response.replayed,
          })
        })
      })
    })
  }

  for (const r of scenario.requests) clock.at(r.atMs, () => send(r))
  for (const s of scenario.sweeps)
    clock.at(s.atMs, () => {
      const engine = sweeper()
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
        rec({ actor: 'db', kind: 'clock-jump', detail: `the clock jumps ${formatSpan(f.byMs)} forward` })
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
    if (round === 0)
      rec({
        actor: 'sweeper',
        kind: 'note',
        detail: 'the schedule is over: the sweeps run until every key is settled',
      })
    clock.at(clock.elapsedMs, () => void sweeper().recoverLeases())
    await runQueue()
    clock.at(clock.elapsedMs, () => void sweeper().reconcile())
    await runQueue()
  }
  if (truncated) rec({ actor: 'sweeper', kind: 'note', detail: 'the run stopped at its event limit' })

  const actors: TraceActor[] = []
  for (const [lane, accountId] of clientAccounts)
    actors.push({
      id: lane,
      kind: 'client',
      label: `Client ${lane.replace(/^client-/, '')} (account ${accountId})`,
    })
  for (const id of [...servers.keys()].sort())
    actors.push({ id, kind: 'server', label: id === 'server-1' ? 'Server 1' : 'Server 2' })
  actors.push({ id: 'db', kind: 'database', label: 'Database' })
  actors.push({ id: 'provider', kind: 'provider', label: 'Provider' })
  if (sweeperEngine) actors.push({ id: 'sweeper', kind: 'sweeper', label: 'Sweeper' })

  const charges = theProvider.chargeCount()
  const trace: Trace = {
    version: TRACE_VERSION,
    scenario: scenario.id,
    seed,
    clockStart: clockLabel(startMs),
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
  }
}

function formatSpan(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000} h`
  if (ms % 60_000 === 0) return `${ms / 60_000} min`
  if (ms % 1000 === 0) return `${ms / 1000} s`
  return `${ms} ms`
}
