// The lease protocol's invariants, judged from the trace alone (like check/ for payments):
// L1 fenced writes — the storage never accepts a write from a holder whose token is lower
//    than one it already accepted;
// L2 lease recovery — once a holder died, its lock is granted again to a client that asks
//    after its lease (plus the clock bound) is over: a refusal then is the violation;
// L3 growing tokens — every grant's token is larger than the one before.
import type { Trace, TraceEvent } from '../trace'
import { type LeaseViolation, leaseViolation } from './catalogue'
import { clientName } from './narration'

function fencedWrites(trace: Trace): LeaseViolation[] {
  let newest: number | null = null
  const found: LeaseViolation[] = []
  for (const e of trace.events) {
    if (e.kind !== 'write-accepted' || e.token === undefined) continue
    if (newest !== null && e.token < newest)
      found.push(
        leaseViolation(
          'L1',
          `The storage accepted ${clientName(e.to ?? e.actor)}'s write from token ${e.token} after it had accepted token ${newest}: a holder whose lease ran out overwrote the new holder's data.`,
          e.i,
        ),
      )
    newest = Math.max(newest ?? e.token, e.token)
  }
  return found
}

interface Holding {
  holder: string
  token: number
  leaseUntilMs: number
  /** Set once the holder has crashed: the lock must be free after this. */
  deadlineMs: number | null
}

/**
 * The lock's holder after `e`, from grants, renewals, releases and expiries. A dead
 * holder's deadline follows its lease: a renewal (or an acquire) it sent before it died
 * may still arrive and extend it, rightly.
 */
function fold(holding: Holding | null, e: TraceEvent, boundMs: number, dead: Set<string>): Holding | null {
  if (e.kind === 'lock-granted' && e.to && e.token !== undefined) {
    const leaseUntilMs = e.leaseUntilMs ?? 0
    return {
      holder: e.to,
      token: e.token,
      leaseUntilMs,
      deadlineMs: dead.has(e.to) ? leaseUntilMs + boundMs : null,
    }
  }
  if (e.kind === 'lease-renewed' && holding && e.token === holding.token) {
    const leaseUntilMs = e.leaseUntilMs ?? holding.leaseUntilMs
    return {
      ...holding,
      leaseUntilMs,
      deadlineMs: holding.deadlineMs === null ? null : leaseUntilMs + boundMs,
    }
  }
  if (e.kind === 'lease-expired' && holding && e.token === holding.token) return null
  if (e.kind === 'lock-released' && holding && e.token === holding.token) return null
  if (e.kind === 'crash' && holding && e.actor === holding.holder)
    return { ...holding, deadlineMs: holding.leaseUntilMs + boundMs }
  return holding
}

function leaseRecovery(trace: Trace): LeaseViolation[] {
  const boundMs = trace.lease?.clockBoundMs ?? 0
  let holding: Holding | null = null
  const dead = new Set<string>()
  for (const e of trace.events) {
    if (e.kind === 'crash') dead.add(e.actor)
    holding = fold(holding, e, boundMs, dead)
    if (e.kind !== 'lock-refused' || !holding || holding.deadlineMs === null || e.tMs <= holding.deadlineMs)
      continue
    const late = e.tMs - holding.deadlineMs
    return [
      leaseViolation(
        'L2',
        `${clientName(holding.holder)} died holding token ${holding.token}, yet ${(late / 1000).toFixed(1)} s after its lease and the clock bound were over the lock service still refused ${clientName(e.to ?? '')}: the lock is lost for good.`,
        e.i,
      ),
    ]
  }
  return []
}

function growingTokens(trace: Trace): LeaseViolation[] {
  let last: number | null = null
  const found: LeaseViolation[] = []
  for (const e of trace.events) {
    if (e.kind !== 'lock-granted' || e.token === undefined) continue
    if (last !== null && e.token <= last)
      found.push(
        leaseViolation(
          'L3',
          `The lock service granted token ${e.token} after token ${last}: tokens must grow with every grant.`,
          e.i,
        ),
      )
    last = Math.max(last ?? e.token, e.token)
  }
  return found
}

export function checkLeaseTrace(trace: Trace): LeaseViolation[] {
  return [...fencedWrites(trace), ...leaseRecovery(trace), ...growingTokens(trace)].sort(
    (a, b) => a.eventIndex - b.eventIndex || a.id.localeCompare(b.id),
  )
}
