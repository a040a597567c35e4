// What the lease timeline shows, derived from a lease trace alone (pure; unit-tested): the
// lock and the storage at each step, each grant's lease as a stretch of its holder's lane,
// the stale writes the storage took, and the few words drawn on each arrow or mark.
import type { Trace, TraceEvent } from '@/lib/engine/client'
import type { Interval } from './model'

export interface LeaseStep {
  /** Who holds the lock after this step (null: free), its token and lease end (null: no expiry). */
  lock: { holder: string | null; token: number | null; leaseUntilMs: number | null }
  storage: {
    highestToken: number | null
    lastWriter: string | null
    lastToken: number | null
    accepted: number
    refused: number
  }
}

function nextStep(state: LeaseStep, e: TraceEvent, noExpiry: boolean): LeaseStep {
  switch (e.kind) {
    case 'lock-granted':
      return {
        ...state,
        lock: {
          holder: e.to ?? null,
          token: e.token ?? null,
          leaseUntilMs: noExpiry ? null : (e.leaseUntilMs ?? null),
        },
      }
    case 'lease-renewed':
      return noExpiry ? state : { ...state, lock: { ...state.lock, leaseUntilMs: e.leaseUntilMs ?? null } }
    case 'lease-expired':
    case 'lock-released':
      return { ...state, lock: { holder: null, token: null, leaseUntilMs: null } }
    case 'write-accepted':
      return {
        ...state,
        storage: {
          ...state.storage,
          highestToken: e.highestToken ?? state.storage.highestToken,
          lastWriter: e.to ?? null,
          lastToken: e.token ?? null,
          accepted: state.storage.accepted + 1,
        },
      }
    case 'write-refused':
      return { ...state, storage: { ...state.storage, refused: state.storage.refused + 1 } }
    default:
      return state
  }
}

/** The lock and the storage after every event. */
export function leaseSteps(trace: Trace): LeaseStep[] {
  const noExpiry = trace.lease?.flaws.includes('no-lease-expiry') ?? false
  let state: LeaseStep = {
    lock: { holder: null, token: null, leaseUntilMs: null },
    storage: { highestToken: null, lastWriter: null, lastToken: null, accepted: 0, refused: 0 },
  }
  return trace.events.map((e) => {
    state = nextStep(state, e, noExpiry)
    return state
  })
}

export interface LeaseInterval extends Interval {
  token: number
}

/**
 * Each grant's lease on its holder's lane: from the grant to the first event at or after its
 * end (renewals move the end; a release ends it), or open when it outlives the run.
 */
export function leaseIntervals(trace: Trace): LeaseInterval[] {
  const noExpiry = trace.lease?.flaws.includes('no-lease-expiry') ?? false
  const intervals: LeaseInterval[] = []
  for (const grant of trace.events) {
    if (grant.kind !== 'lock-granted' || grant.to === undefined || grant.token === undefined) continue
    let endMs = noExpiry ? Number.POSITIVE_INFINITY : (grant.leaseUntilMs ?? 0)
    let to: number | null = null
    for (const later of trace.events.slice(grant.i + 1)) {
      if (later.token !== grant.token) {
        if (later.tMs >= endMs) to = later.i
      } else if (later.kind === 'lease-renewed') endMs = noExpiry ? endMs : (later.leaseUntilMs ?? endMs)
      else if (later.kind === 'lock-released' || later.kind === 'lease-expired' || later.tMs >= endMs)
        to = later.i
      if (to !== null) break
    }
    intervals.push({ actor: grant.to, from: grant.i, to, token: grant.token })
  }
  return intervals
}

/** Writes the storage accepted from a token lower than one it had accepted before (L1's events). */
export function staleWrites(trace: Trace): Set<number> {
  const stale = new Set<number>()
  let newest: number | null = null
  for (const e of trace.events) {
    if (e.kind !== 'write-accepted' || e.token === undefined) continue
    if (newest !== null && e.token < newest) stale.add(e.i)
    newest = Math.max(newest ?? e.token, e.token)
  }
  return stale
}

/** A few words for a lease event's arrow or mark; undefined for a payment event. */
export function leaseShortLabel(event: TraceEvent, stale: boolean): string | undefined {
  const token = event.token === undefined ? '' : ` ${event.token}`
  switch (event.kind) {
    case 'lock-acquire':
      return 'acquire'
    case 'lock-granted':
      return `grant: token${token}`
    case 'lock-refused':
      return 'refused: held'
    case 'lease-renew':
      return `renew${token}`
    case 'lease-renewed':
      return 'renewed'
    case 'renew-refused':
      return 'renew refused'
    case 'lock-release':
      return `release${token}`
    case 'lock-released':
      return `freed${token}`
    case 'lease-expired':
      return `lease${token} over`
    case 'lease-check':
      return /ran out/.test(event.detail) ? 'clock: lease over' : 'clock: lease ok'
    case 'write-sent':
      return /without a token/.test(event.detail) ? 'write, no token' : `write, token${token}`
    case 'write-accepted':
      return stale ? `STALE${token} accepted` : `ok${token}`
    case 'write-refused':
      return `refused${token} < ${event.highestToken ?? '?'}`
    case 'pause':
      return 'pause'
    case 'resume':
      return 'wakes'
    case 'clock-drift':
      return 'clock drifts'
    default:
      return undefined
  }
}
