// "Spot the bug": on a run that breaks an invariant (the scenario's own flawed config,
// or the scenario with one flaw switched on), pick the step where it goes wrong, then
// the invariant by the checker's name. The answer is the checker's verdict.
import {
  ALL_INVARIANT_GISTS,
  type AnyInvariantId,
  type AnyViolation,
  clockLabel,
  invariantIdsOf,
  protocolOf,
  type Trace,
  type TraceEvent,
} from '@/lib/engine/client'
import type { DrillOption, SpotGroup } from './types'

const MAX_WRONG = 3

/** Steps a learner would weigh: claims, charges, commits, crashes and answers. */
const STEP_KINDS = new Set<TraceEvent['kind']>([
  'claim-inserted',
  'claim-conflict',
  'claim-lookup',
  'lease-takeover',
  'provider-call',
  'provider-accepted',
  'provider-deduped',
  'provider-timeout',
  'commit',
  'crash',
  'response-sent',
  'wait',
  // the lease protocol's
  'lock-granted',
  'lock-refused',
  'lease-expired',
  'lease-check',
  'pause',
  'write-sent',
  'write-accepted',
  'write-refused',
])

/** "I1 — one charge per intent": the checker's id and what the invariant promises, in plain words. */
export const invariantLabel = (id: AnyInvariantId) => `${id} — ${ALL_INVARIANT_GISTS[id]}`

export function stepLabel(trace: Trace, event: TraceEvent): string {
  return `${clockLabel(trace.clockStart, event.tMs)} — ${event.detail}`
}

/** The first violation per invariant, by invariant id: I1 (the second charge) before I3. */
export function violationsInOrder(violations: readonly AnyViolation[]): AnyViolation[] {
  const seen = new Set<string>()
  return [...violations]
    .sort((a, b) => a.id.localeCompare(b.id) || a.eventIndex - b.eventIndex)
    .filter((v) => {
      if (seen.has(v.id)) return false
      seen.add(v.id)
      return true
    })
}

function stepOptions(trace: Trace, broken: AnyViolation, allBroken: ReadonlySet<number>): DrillOption[] {
  const target = trace.events[broken.eventIndex]
  if (!target) return []
  const right: DrillOption = { id: String(target.i), text: stepLabel(trace, target) }
  // The nearest weighable steps that break nothing: close enough to be tempting. The
  // violating request's own steps at the same instant are left out: they are the same moment.
  const sameMoment = (e: TraceEvent) =>
    e.requestId !== undefined && e.requestId === target.requestId && e.tMs === target.tMs
  const wrong = trace.events
    .filter((e) => STEP_KINDS.has(e.kind) && !allBroken.has(e.i) && !sameMoment(e))
    .sort((a, b) => Math.abs(a.i - target.i) - Math.abs(b.i - target.i) || a.i - b.i)
    .map((e) => ({ id: String(e.i), text: stepLabel(trace, e) }))
    .filter((o, index, all) => o.text !== right.text && all.findIndex((x) => x.text === o.text) === index)
    .slice(0, MAX_WRONG)
  return [right, ...wrong]
}

function invariantOptions(
  ids: readonly AnyInvariantId[],
  broken: AnyViolation,
  brokenHere: ReadonlySet<string>,
  brokenElsewhere: ReadonlySet<string>,
): DrillOption[] {
  // Invariants other variants of this scenario break come first: they are the plausible ones.
  const wrong = ids
    .filter((id) => !brokenHere.has(id))
    .sort((a, b) => Number(brokenElsewhere.has(b)) - Number(brokenElsewhere.has(a)) || a.localeCompare(b))
    .slice(0, MAX_WRONG)
  return [broken.id, ...wrong].map((id) => ({ id, text: invariantLabel(id) }))
}

export function spotGroup(
  trace: Trace,
  violations: readonly AnyViolation[],
  broken: AnyViolation,
  traceKey: string,
  variant: { id: string; label: string },
  brokenElsewhere: ReadonlySet<string>,
): SpotGroup | null {
  const target = trace.events[broken.eventIndex]
  if (!target) return null
  const steps = stepOptions(trace, broken, new Set(violations.map((v) => v.eventIndex)))
  if (steps.length < 3) return null
  const last = trace.events.length - 1
  const context = variant.id === 'as-configured' ? '' : ` (${variant.label})`
  const verdict = `${broken.message} That breaks ${invariantLabel(broken.id)}.`
  const invariant = invariantLabel(broken.id)
  return {
    variantId: variant.id,
    variantLabel: variant.label,
    step: {
      kind: 'spot-step',
      id: `bug-step:${variant.id}:${broken.id}`,
      invariant: broken.id,
      prompt: `Spot the bug${context}: at which step does an invariant break?`,
      traceKey,
      shownUpTo: last,
      revealUpTo: last,
      revealStep: target.i,
      options: steps,
      correctId: String(target.i),
      explanation: `The step at ${stepLabel(trace, target)}. ${verdict}`,
      wrongNotes: {},
    },
    invariant: {
      kind: 'spot-invariant',
      id: `bug-invariant:${variant.id}:${broken.id}`,
      invariant: broken.id,
      prompt: `Which invariant does the step at ${clockLabel(trace.clockStart, target.tMs)} break${context}?`,
      traceKey,
      shownUpTo: target.i,
      revealUpTo: last,
      revealStep: target.i,
      options: invariantOptions(
        invariantIdsOf(protocolOf(trace)),
        broken,
        new Set(violations.map((v) => v.id)),
        brokenElsewhere,
      ),
      correctId: broken.id,
      explanation: `${invariant}. ${broken.message}`,
      wrongNotes: {},
    },
  }
}
