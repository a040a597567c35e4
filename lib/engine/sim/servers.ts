// The simulated servers: each one a real engine on the shared database, behind a
// clock and a provider that drop every continuation once the server has crashed
// (a crash bumps its epoch), and fault hooks that add the claim's database latency
// and crash it at the scenario's named steps. Plus the sweeper: one more engine that
// never crashes, for scheduled sweeps and provider webhooks.
import { createEngine, type Engine } from '../engine'
import type { FaultHooks } from '../faults'
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

export function createServers(world: SimWorld, paymentUrl?: (id: number) => string): Servers {
  const { scenario, config, clock, sqlite, recorder, provider } = world
  const { timing } = scenario
  const servers = new Map<string, Server>()
  const firedCrashes = new Set<number>()
  const globalClock: Clock = { nowMs: () => clock.nowMs(), sleep: (ms) => clock.sleep(ms) }
  const urls = paymentUrl ? { paymentUrl } : {}
  const usage = world.usage ? { usage: world.usage } : {}

  // A crash bumps the epoch; every continuation of the old epoch is dropped.
  const gate = <T>(server: Server, promise: Promise<T>): Promise<T> => {
    const epoch = server.epoch
    return promise.then((value) => (server.epoch === epoch ? value : never()))
  }

  function crash(server: Server, step: string, restartAfterMs: number): void {
    server.alive = false
    server.epoch++
    world.rec({ actor: server.id, kind: 'crash', step, detail: simSay.crash(server.id, step) })
    clock.at(clock.elapsedMs + restartAfterMs, () => {
      server.alive = true
      world.rec({ actor: server.id, kind: 'restart', detail: simSay.restart(server.id) })
    })
  }

  function start(id: string): Server {
    const self: Server = { id, alive: true, epoch: 0, engine: undefined as unknown as Engine }
    const serverClock: Clock = { nowMs: () => clock.nowMs(), sleep: (ms) => gate(self, clock.sleep(ms)) }
    const gatedProvider: PaymentProvider = {
      charge: (r) => gate(self, provider.charge(r)),
      lookup: (k) => gate(self, provider.lookup(k)),
      refund: (r) => gate(self, provider.refund(r)),
      ledger: (a) => provider.ledger(a),
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
      ...urls,
      ...usage,
      faults: hooks,
      trace: recorder,
      actor: id,
    })
    return self
  }

  let sweeperEngine: Engine | undefined
  return {
    get(id) {
      let server = servers.get(id)
      if (!server) {
        server = start(id)
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
        ...urls,
        ...usage,
        trace: recorder,
        actor: 'sweeper',
      })
      return sweeperEngine
    },
    sweeperStarted: () => sweeperEngine !== undefined,
  }
}
