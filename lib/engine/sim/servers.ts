// The simulated servers: each one a real engine on the shared database, behind a
// clock and a provider that drop every continuation once the server has crashed
// (a crash bumps its epoch), and fault hooks that add the claim's database latency
// and crash it at the scenario's named steps. Plus the sweeper: one more engine that
// never crashes, for scheduled sweeps and provider webhooks.
import { type CreateEngineOptions, createEngine, type Engine } from '../engine'
import type { EngineStep, FaultHooks, StepContext } from '../faults'
import type { PaymentProvider } from '../provider'
import type { Clock } from '../types'
import { simSay } from './narration'
import { never, type SimWorld } from './world'

export interface Server {
  id: string
  alive: boolean
  epoch: number
  engine: Engine
}

export interface Servers {
  /** The server with this id, started on first use. */
  get(id: string): Server
  /** Started server ids. */
  ids(): string[]
  /** The sweeper's engine, started on first use. */
  sweeper(): Engine
  sweeperStarted(): boolean
}

/** What every server of one run shares: the world, the crashes already fired, the engine options. */
interface Fleet {
  world: SimWorld
  /** Indexes of the scenario's crash faults that have fired (each fires once). */
  firedCrashes: Set<number>
  /** Options every engine of the run gets (payment URL, usage tracking). */
  shared: Pick<CreateEngineOptions, 'paymentUrl' | 'usage'>
}

export function createServers(world: SimWorld, paymentUrl?: (id: number) => string): Servers {
  const { config, clock, sqlite, recorder, provider } = world
  const servers = new Map<string, Server>()
  const globalClock: Clock = { nowMs: () => clock.nowMs(), sleep: (ms) => clock.sleep(ms) }
  const shared = { ...(paymentUrl ? { paymentUrl } : {}), ...(world.usage ? { usage: world.usage } : {}) }
  const fleet: Fleet = { world, firedCrashes: new Set(), shared }

  let sweeperEngine: Engine | undefined
  return {
    get(id) {
      let server = servers.get(id)
      if (!server) {
        server = startServer(fleet, id)
        servers.set(id, server)
      }
      return server
    },
    ids: () => [...servers.keys()],
    sweeper() {
      sweeperEngine ??= createEngine({
        sqlite,
        clock: globalClock,
        provider,
        config,
        ...shared,
        trace: recorder,
        actor: 'sweeper',
      })
      return sweeperEngine
    },
    sweeperStarted: () => sweeperEngine !== undefined,
  }
}

// A crash bumps the epoch; every continuation of the old epoch is dropped.
function gate<T>(server: Server, promise: Promise<T>): Promise<T> {
  const epoch = server.epoch
  return promise.then((value) => (server.epoch === epoch ? value : never()))
}

function crash(world: SimWorld, server: Server, step: string, restartAfterMs: number): void {
  server.alive = false
  server.epoch++
  world.rec({ actor: server.id, kind: 'crash', step, detail: simSay.crash(server.id, step) })
  world.clock.at(world.clock.elapsedMs + restartAfterMs, () => {
    server.alive = true
    world.rec({ actor: server.id, kind: 'restart', detail: simSay.restart(server.id) })
  })
}

/** A server's engine, its clock and provider gated by its epoch. */
function startServer(fleet: Fleet, id: string): Server {
  const { config, clock, sqlite, recorder, provider } = fleet.world
  const self: Server = { id, alive: true, epoch: 0, engine: undefined as unknown as Engine }
  const serverClock: Clock = { nowMs: () => clock.nowMs(), sleep: (ms) => gate(self, clock.sleep(ms)) }
  const gatedProvider: PaymentProvider = {
    charge: (r) => gate(self, provider.charge(r)),
    lookup: (k) => gate(self, provider.lookup(k)),
    refund: (r) => gate(self, provider.refund(r)),
    ledger: (a) => provider.ledger(a),
  }
  const hooks: FaultHooks = { reached: (step, ctx) => reached(fleet, self, serverClock, step, ctx) }
  self.engine = createEngine({
    sqlite,
    clock: serverClock,
    provider: gatedProvider,
    config,
    ...fleet.shared,
    faults: hooks,
    trace: recorder,
    actor: id,
  })
  return self
}

/**
 * A server reaches a step: the claim's database latency before the claim; at a crash
 * point, the first unfired crash fault for this server (and request, when it names
 * one) kills it there, now or `afterMs` later: what awaits the step never resumes.
 */
function reached(
  fleet: Fleet,
  self: Server,
  serverClock: Clock,
  step: EngineStep,
  ctx: StepContext,
): Promise<void> | undefined {
  const { scenario } = fleet.world
  const { timing } = scenario
  if (step === 'before-claim') return timing.claimMs > 0 ? serverClock.sleep(timing.claimMs) : undefined
  const index = scenario.faults.findIndex(
    (f, i) =>
      f.kind === 'crash' &&
      !fleet.firedCrashes.has(i) &&
      f.step === step &&
      f.server === self.id &&
      (f.requestId === undefined || f.requestId === ctx.requestId),
  )
  if (index < 0) return undefined
  fleet.firedCrashes.add(index)
  const fault = scenario.faults[index]
  if (fault?.kind !== 'crash') return undefined
  if (fault.afterMs === 0) {
    crash(fleet.world, self, step, fault.restartAfterMs)
    return never()
  }
  return serverClock.sleep(fault.afterMs).then(() => {
    crash(fleet.world, self, step, fault.restartAfterMs)
    return never()
  })
}
