// The invariant checker: reads a finished trace and names every broken invariant
// (I1–I8, ARCHITECTURE.md) with a sentence a learner can read and the index of the
// event that broke it. Pure: it only reads the trace. One module per invariant
// (i1-…i8-), all over one shared fold of the trace (fold.ts).
import type { Trace } from '../trace'
import { foldTrace, type TraceCheck } from './fold'
import { singleEffect } from './i1-single-effect'
import { noDivergence } from './i2-no-divergence'
import { conservation } from './i3-conservation'
import { atomicCompletion } from './i4-atomic-completion'
import { liveness } from './i5-liveness'
import { isolation } from './i6-isolation'
import { noBlindRetry } from './i7-no-blind-retry'
import { oneKeyOneIntent } from './i8-one-key-one-intent'
import { expiryNotes } from './notes'
import { type CheckNote, type Violation, violation } from './violation'

export interface CheckResult {
  violations: Violation[]
  notes: CheckNote[]
}

export function checkTrace(trace: Trace): Violation[] {
  return checkTraceDetailed(trace).violations
}

export function checkTraceDetailed(trace: Trace): CheckResult {
  const violations: Violation[] = []
  const notes: CheckNote[] = []
  const checks: TraceCheck[] = [
    expiryNotes,
    singleEffect(),
    noDivergence(),
    conservation,
    atomicCompletion(),
    liveness(trace),
    isolation,
    noBlindRetry,
    oneKeyOneIntent,
  ]
  foldTrace(trace, checks, {
    violation: (id, message, eventIndex) => violations.push(violation(id, message, eventIndex)),
    note: (message, eventIndex) => notes.push({ eventIndex, message }),
  })
  violations.sort((a, b) => a.eventIndex - b.eventIndex || a.id.localeCompare(b.id))
  return { violations, notes }
}
