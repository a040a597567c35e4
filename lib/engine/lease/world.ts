// One lease run's shared state: the virtual clock and its queue, the lock service, the
// storage, the clients and the trace being recorded. Pure: no wall clock, no randomness.
import { clockStartOf } from '../clock-label'
import { EventQueue } from '../sim/queue'
import type { TraceEvent } from '../trace'
import type { LeaseFlaw, LeaseMessage } from './catalogue'
import { LEASE_LIMITS, type LeaseClient, type LeaseScenario } from './scenario'

export interface ClientState {
  spec: LeaseClient
  /** Its clock runs at this percent of real time. */
  ratePercent: number
  alive: boolean
  /** Nothing it does runs before this (a pause). */
  pausedUntil: number
  /** The token it believes it holds. */
  token: number | null
  /** Its lease's end on its own clock. */
  localLeaseEnd: number
  writesDone: number
  attemptsUsed: number
  done: boolean
  sent: Record<LeaseMessage, number>
}

export interface LeaseWorld {
  scenario: LeaseScenario
  flaws: ReadonlySet<LeaseFlaw>
  clockStart: string
  startMs: number
  queue: EventQueue
  nowMs: number
  events: TraceEvent[]
  truncated: boolean
  lock: { holder: string | null; token: number | null; leaseUntilMs: number; lastToken: number | null }
  /** Fenced storage: the highest token accepted; `newest` the highest holder token it took a write from. */
  storage: { highest: number | null; newest: number | null; accepted: number }
  clients: Map<string, ClientState>
}

export function createLeaseWorld(scenario: LeaseScenario, flaws: readonly LeaseFlaw[]): LeaseWorld {
  const startMs = Date.parse(scenario.startAt)
  const clients = new Map<string, ClientState>()
  for (const spec of scenario.clients) {
    const clock = scenario.faults.find((f) => f.kind === 'clock' && f.client === spec.id)
    clients.set(spec.id, {
      spec,
      ratePercent: clock?.kind === 'clock' ? clock.ratePercent : 100,
      alive: true,
      pausedUntil: 0,
      token: null,
      localLeaseEnd: 0,
      writesDone: 0,
      attemptsUsed: 0,
      done: false,
      sent: { acquire: 0, write: 0, renew: 0, release: 0 },
    })
  }
  return {
    scenario,
    flaws: new Set(flaws),
    clockStart: clockStartOf(startMs),
    startMs,
    queue: new EventQueue(),
    nowMs: 0,
    events: [],
    truncated: false,
    lock: { holder: null, token: null, leaseUntilMs: 0, lastToken: null },
    storage: { highest: null, newest: null, accepted: 0 },
    clients,
  }
}

/** Records one trace event; past the event limit the run stops. */
export function rec(w: LeaseWorld, event: Omit<TraceEvent, 'i' | 'tMs'>): void {
  if (w.truncated) return
  if (w.events.length >= LEASE_LIMITS.events - 1) {
    w.truncated = true
    return
  }
  w.events.push({ i: w.events.length, tMs: w.nowMs, ...event })
}

/** The client's clock now: it started with the run and runs at its rate. */
export const localNow = (c: ClientState, tMs: number) => Math.floor((tMs * c.ratePercent) / 100)

/** Real ms until the client's clock has moved `localMs`. */
export const realAfter = (c: ClientState, localMs: number) => Math.ceil((localMs * 100) / c.ratePercent)

/** Runs `act` on the client at `tMs`, unless it has died; a paused client runs it when it wakes. */
export function atClient(w: LeaseWorld, c: ClientState, tMs: number, act: () => void): void {
  w.queue.push(tMs, () => {
    if (!c.alive) return
    if (w.nowMs < c.pausedUntil) return atClient(w, c, c.pausedUntil, act)
    act()
  })
}

/** `act` after `localMs` on the client's own clock. */
export function afterLocal(w: LeaseWorld, c: ClientState, localMs: number, act: () => void): void {
  atClient(w, c, w.nowMs + realAfter(c, localMs), act)
}

/** Extra time in flight for the client's `nth` message of this kind (a `delay` fault). */
export function delayOf(w: LeaseWorld, client: string, message: LeaseMessage, nth: number): number {
  let extra = 0
  for (const f of w.scenario.faults)
    if (f.kind === 'delay' && f.client === client && f.message === message && f.nth === nth) extra += f.byMs
  return extra
}
