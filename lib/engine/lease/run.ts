// Runs a lease scenario on a virtual clock: the lock service, the storage and scripted
// clients (clients.ts, services.ts). Synchronous and deterministic: same scenario + flaws
// → byte-identical trace.
//
// Fault model — what a lease scenario can inject:
// - A client pause of any length (`pause`: a GC stop, a VM migration): from `atMs` for
//   `forMs` nothing the client does runs — no timer, no answer handled, no renewal; it
//   carries on afterwards as if no time had passed (its next step was already decided).
// - A client crash (`crash`): it stops for good and never releases its lock.
// - A message held up in flight (`delay`: the client's nth acquire, write, renew or
//   release spends `byMs` longer in the network).
// - A client clock running fast or slow (`clock`: `ratePercent` of real time, from the
//   start); the client's timers and its lease check read that clock.
// What it cannot inject: a lost message (every message arrives, late at worst), a crash or
// pause of the lock service or the storage, a lock service whose own clock drifts (the
// clock bound is what the design allows for clients' drift), reordered answers to one client
// beyond what delays cause, and clocks that jump or run backwards.
import { TRACE_VERSION, type Trace, type TraceActor } from '../trace'
import type { LeaseFlaw, LeaseViolation } from './catalogue'
import { checkLeaseTrace } from './check'
import { acquire } from './clients'
import { clientName, leaseSay } from './narration'
import {
  ensureLeaseScenario,
  type LeaseConfig,
  type LeaseScenario,
  type LeaseScenarioInput,
} from './scenario'
import { atClient, createLeaseWorld, type LeaseWorld, rec } from './world'

export interface LeaseRunOptions {
  /** Overrides the scenario's config field by field (flaws replace). */
  config?: Partial<LeaseConfig>
  /** Run the checker (default true). */
  check?: boolean
}

export interface LeaseRunResult {
  scenario: LeaseScenario
  trace: Trace
  violations: LeaseViolation[]
  /** Writes the storage accepted. */
  acceptedWrites: number
  truncated: boolean
}

/** Scheduler steps before a run is cut off. */
const MAX_STEPS = 200_000

/** The scenario with the run's config overrides on top (the scenario the run really ran). */
export function withLeaseConfig(scenario: LeaseScenario, config: Partial<LeaseConfig> = {}): LeaseScenario {
  const defined = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined))
  if (Object.keys(defined).length === 0) return scenario
  return { ...scenario, config: { ...scenario.config, ...defined } }
}

export function runLeaseScenario(
  input: LeaseScenario | LeaseScenarioInput,
  options: LeaseRunOptions = {},
): LeaseRunResult {
  const scenario = withLeaseConfig(ensureLeaseScenario(input), options.config)
  const w = createLeaseWorld(scenario, scenario.config.flaws as LeaseFlaw[])
  schedule(w)
  let steps = 0
  while (w.queue.size > 0 && !w.truncated) {
    const item = w.queue.pop()!
    if (item.tMs > w.nowMs) w.nowMs = item.tMs
    item.run()
    if (++steps > MAX_STEPS) w.truncated = true
  }
  if (w.truncated)
    w.events.push({
      i: w.events.length,
      tMs: w.nowMs,
      actor: 'lock',
      kind: 'note',
      detail: leaseSay.truncated(),
    })
  const trace = traceOf(w)
  return {
    scenario,
    trace,
    violations: options.check === false ? [] : checkLeaseTrace(trace),
    acceptedWrites: w.storage.accepted,
    truncated: w.truncated,
  }
}

function schedule(w: LeaseWorld): void {
  for (const f of w.scenario.faults) {
    const c = w.clients.get(f.client)
    if (!c) continue
    if (f.kind === 'clock')
      w.queue.push(0, () =>
        rec(w, { actor: f.client, kind: 'clock-drift', detail: leaseSay.drift(f.client, f.ratePercent) }),
      )
    if (f.kind === 'crash')
      w.queue.push(f.atMs, () => {
        if (!c.alive) return
        c.alive = false
        rec(w, {
          actor: f.client,
          kind: 'crash',
          ...(c.token === null ? {} : { token: c.token }),
          detail: leaseSay.crash(f.client, c.token),
        })
      })
    if (f.kind === 'pause')
      w.queue.push(f.atMs, () => {
        if (!c.alive) return
        c.pausedUntil = Math.max(c.pausedUntil, f.atMs + f.forMs)
        rec(w, { actor: f.client, kind: 'pause', detail: leaseSay.pause(f.client, f.forMs) })
        w.queue.push(f.atMs + f.forMs, () => {
          if (c.alive) rec(w, { actor: f.client, kind: 'resume', detail: leaseSay.resume(f.client) })
        })
      })
  }
  for (const c of w.clients.values()) atClient(w, c, c.spec.atMs, () => acquire(w, c))
}

function actorsOf(w: LeaseWorld): TraceActor[] {
  return [
    { id: 'lock', kind: 'lock-service', label: `Lock service (${w.scenario.lock})` },
    ...w.scenario.clients.map(
      (c): TraceActor => ({ id: c.id, kind: 'client', label: capitalised(clientName(c.id)) }),
    ),
    { id: 'storage', kind: 'storage', label: 'Storage' },
  ]
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

function traceOf(w: LeaseWorld): Trace {
  const { scenario } = w
  return {
    version: TRACE_VERSION,
    scenario: scenario.id,
    seed: scenario.seed,
    clockStart: w.clockStart,
    actors: actorsOf(w),
    events: w.events,
    responses: [],
    charges: 0,
    startMs: w.startMs,
    protocol: 'lease',
    lease: {
      lock: scenario.lock,
      flaws: [...scenario.config.flaws],
      leaseMs: scenario.config.leaseMs,
      clockBoundMs: scenario.config.clockBoundMs,
    },
  }
}
