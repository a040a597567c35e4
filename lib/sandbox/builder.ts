// Pure edits the sandbox builder makes to a scenario (client-safe: everything from the
// engine's client entry; no zod, no node). The server validates whatever comes back.
import {
  FAULT_POINTS,
  type FaultPoint,
  FLAWS,
  type Flaw,
  flawEntry,
  type Scenario,
  type ScenarioFault,
  type ScenarioRequest,
  SWEEP_KINDS,
  type SweepKind,
} from '@/lib/engine/client'

/** Every flaw switch, in the engine's order (FLAWS), with its name and hint from the flaw catalogue. */
export const FLAW_SWITCHES: ReadonlyArray<{ flaw: Flaw; label: string; hint: string }> = FLAWS.map((flaw) => {
  const { label, hint } = flawEntry(flaw)
  return { flaw, label, hint }
})

const CRASH_POINT_LABELS: Readonly<Record<FaultPoint, string>> = {
  'after-claim': 'after the claim',
  'after-provider-accept': 'after the provider accepts',
  'after-payment-row': 'after the payment row',
  'before-response': 'before the response',
}

/** Where a server may crash, from the engine's FAULT_POINTS. */
export const CRASH_POINT_OPTIONS: ReadonlyArray<{ value: FaultPoint; label: string }> = FAULT_POINTS.map(
  (value) => ({ value, label: CRASH_POINT_LABELS[value] }),
)

const SWEEP_LABELS: Readonly<Record<SweepKind, string>> = {
  'lease-recovery': 'lease recovery',
  reconciliation: 'reconciliation',
  reaper: 'reaper',
}

/** The sweeps a schedule may run, from the engine's SWEEP_KINDS. */
export const SWEEP_OPTIONS: ReadonlyArray<{ value: SweepKind; label: string }> = SWEEP_KINDS.map((value) => ({
  value,
  label: SWEEP_LABELS[value],
}))

export function flawsOf(scenario: Scenario): Flaw[] {
  return [...(scenario.config.flaws ?? [])]
}

export function withFlaw(scenario: Scenario, flaw: Flaw, on: boolean): Scenario {
  const others = flawsOf(scenario).filter((f) => f !== flaw)
  // Keep the builder's order so equal configs encode to equal URLs.
  const flaws = on ? FLAW_SWITCHES.map((s) => s.flaw).filter((f) => f === flaw || others.includes(f)) : others
  return { ...scenario, config: { ...scenario.config, flaws } }
}

export function waitPolicyOn(scenario: Scenario): boolean {
  return scenario.config.inFlightPolicy?.kind === 'wait'
}

export function withWaitPolicy(scenario: Scenario, on: boolean): Scenario {
  const retryAfterS = scenario.config.inFlightPolicy?.retryAfterS ?? 1
  const inFlightPolicy = on
    ? {
        kind: 'wait' as const,
        maxWaitMs:
          scenario.config.inFlightPolicy?.kind === 'wait' ? scenario.config.inFlightPolicy.maxWaitMs : 1000,
        retryAfterS,
      }
    : { kind: 'reject-409' as const, retryAfterS }
  return { ...scenario, config: { ...scenario.config, inFlightPolicy } }
}

/** Compare's default: the same schedule with the insert/charge order flipped. */
export function withOrderFlipped(scenario: Scenario): Scenario {
  return withFlaw(scenario, 'charge-before-insert', !flawsOf(scenario).includes('charge-before-insert'))
}

export function configLabel(scenario: Scenario): string {
  const flaws = flawsOf(scenario)
  const names = FLAW_SWITCHES.filter((s) => flaws.includes(s.flaw)).map((s) => s.label.toLowerCase())
  return names.length === 0 ? 'correct engine' : names.join(' + ')
}

export function updateRequest(scenario: Scenario, index: number, patch: Partial<ScenarioRequest>): Scenario {
  return { ...scenario, requests: scenario.requests.map((r, i) => (i === index ? { ...r, ...patch } : r)) }
}

/** A request's amount, when its body is the usual create-payment shape. */
export function amountOf(request: ScenarioRequest): number | undefined {
  const body = request.body
  if (body && typeof body === 'object' && typeof (body as { amount?: unknown }).amount === 'number')
    return (body as { amount: number }).amount
  return undefined
}

export function withAmount(request: ScenarioRequest, amount: number): ScenarioRequest {
  const body =
    request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {}
  return { ...request, body: { ...body, amount } }
}

export function nextRequestId(scenario: Scenario): string {
  const taken = new Set(scenario.requests.map((r) => r.id))
  for (const letter of 'ABCDEFGHIJKLMNOPQRSTUVWXYZ') if (!taken.has(letter)) return letter
  let n = scenario.requests.length + 1
  while (taken.has(`R${n}`)) n++
  return `R${n}`
}

/** A retry of the last request: same key, body, account and lane, 2.1 s later. */
export function addRetry(scenario: Scenario): Scenario {
  const last = scenario.requests.at(-1)
  if (!last) return scenario
  const id = `${last.retryOf ?? last.id}-retry-${scenario.requests.filter((r) => (r.retryOf ?? r.id) === (last.retryOf ?? last.id)).length}`
  const retry: ScenarioRequest = { ...last, id, retryOf: last.retryOf ?? last.id, atMs: last.atMs + 2100 }
  delete retry.client
  return { ...scenario, requests: [...scenario.requests, retry] }
}

export function addRequest(scenario: Scenario): Scenario {
  const first = scenario.requests[0]
  const request: ScenarioRequest = {
    id: nextRequestId(scenario),
    atMs: 0,
    accountId: first?.accountId ?? 17,
    key: first?.key ?? '7c1a0e44-2b19-4f6a-9d30-1a8e5b6c7d90',
    body: first?.body ?? { orderId: '42', amount: 2500, currency: 'USD', paymentMethodToken: 'token-9' },
    timeoutMs: 2000,
    server: 'server-1',
    operation: 'payment',
  }
  return { ...scenario, requests: [...scenario.requests, request] }
}

export function removeRequest(scenario: Scenario, index: number): Scenario {
  const removed = scenario.requests[index]
  if (!removed || scenario.requests.length <= 1) return scenario
  const requests = scenario.requests
    .filter((_, i) => i !== index)
    .map((r) => (r.retryOf === removed.id ? { ...r, retryOf: undefined } : r))
  const faults = scenario.faults.filter((f) => !('requestId' in f) || f.requestId !== removed.id)
  return { ...scenario, requests, faults }
}

export function defaultFault(kind: ScenarioFault['kind'], scenario: Scenario): ScenarioFault {
  const requestId = scenario.requests[0]?.id ?? 'A'
  switch (kind) {
    case 'drop-response':
      return { kind, requestId }
    case 'crash':
      return { kind, step: 'after-provider-accept', server: 'server-1', afterMs: 0, restartAfterMs: 1000 }
    case 'provider':
      return { kind, requestId, behaviour: 'timeout-after-accept' }
    case 'clock-jump':
      return { kind, atMs: 3000, byMs: 86_400_000 }
  }
}

export function updateFault(scenario: Scenario, index: number, fault: ScenarioFault): Scenario {
  return { ...scenario, faults: scenario.faults.map((f, i) => (i === index ? fault : f)) }
}

export function removeFault(scenario: Scenario, index: number): Scenario {
  return { ...scenario, faults: scenario.faults.filter((_, i) => i !== index) }
}
