// A lease scenario's drill, built like a payment one (build.ts) from engine runs only:
// the scenario as shipped and with each lease flaw flipped. "What happens next?" asks what
// the storage does with a write, or the lock service with an acquire, where the variants
// disagree; "Spot the bug" is the checker's L1–L3 verdict on a run that breaks one.
import {
  clockLabel,
  LEASE_FLAW_CATALOGUE,
  type LeaseFlaw,
  type LeaseScenario,
  type LeaseViolation,
  runLeaseScenario,
  type Trace,
  type TraceEvent,
} from '@/lib/engine'
import { spotGroup, violationsInOrder } from './spot-bug'
import type { Drill, DrillOption, NextStepQuestion, SpotGroup } from './types'

interface LeaseVariant {
  key: string
  flaw: LeaseFlaw
  label: string
  trace: Trace
  violations: LeaseViolation[]
}

const ANSWERS = {
  'write-sent': ['write-accepted', 'write-refused'],
  'lock-acquire': ['lock-granted', 'lock-refused'],
} as const
type Asked = keyof typeof ANSWERS

/** The nth request of its kind from its client, and the answer it got (undefined: never sent or answered). */
function answerOf(
  trace: Trace,
  client: string,
  kind: Asked,
  nth: number,
): { sent: TraceEvent; answer?: TraceEvent } | undefined {
  const sent = trace.events.filter((e) => e.kind === kind && e.actor === client)[nth - 1]
  if (!sent) return undefined
  const answers: readonly string[] = ANSWERS[kind]
  const answer = trace.events.find((e) => e.i > sent.i && answers.includes(e.kind) && e.to === client)
  return { sent, answer }
}

const OUTCOME_TEXT: Record<string, string> = {
  'write-accepted': 'The storage accepts the write.',
  'write-refused': 'The storage refuses the write: its token is lower than one it already accepted.',
  'lock-granted': 'The lock service grants the lock, with a new, larger token.',
  'lock-refused': 'The lock service refuses: another holder’s lease still runs.',
}

function question(
  base: Trace,
  variants: LeaseVariant[],
  client: string,
  kind: Asked,
  nth: number,
): NextStepQuestion | null {
  const truth = answerOf(base, client, kind, nth)
  if (!truth?.answer) return null
  const options: DrillOption[] = [{ id: truth.answer.kind, text: OUTCOME_TEXT[truth.answer.kind]! }]
  const wrongNotes: Record<string, string> = {}
  for (const v of variants) {
    const other = answerOf(v.trace, client, kind, nth)?.answer
    if (!other || options.some((o) => o.id === other.kind)) continue
    options.push({ id: other.kind, text: OUTCOME_TEXT[other.kind]! })
    wrongNotes[other.kind] = `That is what happens with "${v.label}".`
  }
  if (options.length < 2) return null
  const at = clockLabel(base.clockStart, truth.sent.tMs)
  const what =
    kind === 'write-sent'
      ? `${client}'s write (it holds token ${truth.sent.token})`
      : `${client}'s request for the lock`
  return {
    kind: 'next-step',
    id: `next:${client}:${kind}:${nth}`,
    requestId: `${client}:${kind}:${nth}`,
    prompt: `What happens to ${what}, sent at ${at}?`,
    traceKey: 'base',
    shownUpTo: truth.sent.i,
    revealUpTo: truth.answer.i,
    revealStep: truth.answer.i,
    options,
    correctId: truth.answer.kind,
    explanation: `In the trace at ${clockLabel(base.clockStart, truth.answer.tMs)}: the ${
      truth.answer.actor === 'lock' ? 'lock service' : 'storage'
    } ${truth.answer.detail}.`,
    wrongNotes,
  }
}

function nextSteps(base: Trace, variants: LeaseVariant[]): NextStepQuestion[] {
  const asked: NextStepQuestion[] = []
  for (const event of base.events) {
    if (event.kind !== 'write-sent' && event.kind !== 'lock-acquire') continue
    const nth = base.events.filter(
      (e) => e.i <= event.i && e.kind === event.kind && e.actor === event.actor,
    ).length
    const q = question(base, variants, event.actor, event.kind, nth)
    if (q) asked.push(q)
  }
  return asked
}

export function buildLeaseDrill(scenario: LeaseScenario): Drill {
  const base = runLeaseScenario(scenario)
  const variants: LeaseVariant[] = LEASE_FLAW_CATALOGUE.map((row) => {
    const on = !scenario.config.flaws.includes(row.id)
    const flaws = on ? [...scenario.config.flaws, row.id] : scenario.config.flaws.filter((f) => f !== row.id)
    const run = runLeaseScenario(scenario, { config: { flaws } })
    return {
      key: `flaw:${row.id}`,
      flaw: row.id,
      label: `${row.label} ${on ? 'on' : 'off'}`,
      trace: run.trace,
      violations: run.violations,
    }
  })
  const traces: Record<string, Trace> = { base: base.trace }
  const brokenAnywhere = new Set(
    [...base.violations, ...variants.flatMap((v) => v.violations)].map((v) => v.id),
  )
  const spotGroups: SpotGroup[] = []
  for (const broken of violationsInOrder(base.violations)) {
    const group = spotGroup(
      base.trace,
      base.violations,
      broken,
      'base',
      { id: 'as-configured', label: 'as configured' },
      brokenAnywhere,
    )
    if (group) spotGroups.push(group)
  }
  for (const v of variants) {
    const broken = violationsInOrder(v.violations)[0]
    if (!broken || base.violations.some((b) => b.id === broken.id)) continue
    const group = spotGroup(
      v.trace,
      v.violations,
      broken,
      v.key,
      { id: v.flaw, label: v.label },
      brokenAnywhere,
    )
    if (!group) continue
    traces[v.key] = v.trace
    spotGroups.push(group)
  }
  return {
    protocol: 'lease',
    scenarioId: scenario.id,
    title: scenario.title,
    description: scenario.description,
    traces,
    nextSteps: nextSteps(base.trace, variants),
    spotGroups,
  }
}
