// The lease builder's edits (client-safe): flaw switches from the engine's lease flaw
// catalogue, the lease numbers, and the faults (pause length and the rest editable). Pure:
// each edit returns a new scenario, so the builder's "dirty" mark is a reference compare.
import {
  LEASE_FLAW_CATALOGUE,
  type LeaseConfig,
  type LeaseFault,
  type LeaseFaultKind,
  type LeaseFlaw,
  type LeaseScenario,
} from '@/lib/engine/client'

export function leaseFlawsOf(scenario: LeaseScenario): LeaseFlaw[] {
  return [...scenario.config.flaws]
}

export function withLeaseFlaw(scenario: LeaseScenario, flaw: LeaseFlaw, on: boolean): LeaseScenario {
  const others = leaseFlawsOf(scenario).filter((f) => f !== flaw)
  // The catalogue's order, so equal configs encode to equal URLs.
  const flaws = on
    ? LEASE_FLAW_CATALOGUE.map((row) => row.id).filter((f) => f === flaw || others.includes(f))
    : others
  return { ...scenario, config: { ...scenario.config, flaws } }
}

export function withLeaseNumber(
  scenario: LeaseScenario,
  field: keyof Omit<LeaseConfig, 'flaws'>,
  value: number,
): LeaseScenario {
  return { ...scenario, config: { ...scenario.config, [field]: value } }
}

export function leaseConfigLabel(scenario: LeaseScenario): string {
  const flaws = leaseFlawsOf(scenario)
  const names = LEASE_FLAW_CATALOGUE.filter((row) => flaws.includes(row.id)).map((row) =>
    row.label.toLowerCase(),
  )
  return names.length === 0 ? 'correct lease design' : names.join(' + ')
}

/** Compare's default for a lease scenario: the same schedule with the storage's fencing flipped. */
export function withFencingFlipped(scenario: LeaseScenario): LeaseScenario {
  return withLeaseFlaw(scenario, 'no-fencing', !scenario.config.flaws.includes('no-fencing'))
}

export function defaultLeaseFault(kind: LeaseFaultKind, scenario: LeaseScenario): LeaseFault {
  const client = scenario.clients[0]?.id ?? 'client-1'
  switch (kind) {
    case 'pause':
      return { kind, client, atMs: 115, forMs: 15_000 }
    case 'crash':
      return { kind, client, atMs: 50 }
    case 'delay':
      return { kind, client, message: 'write', nth: 1, byMs: 15_000 }
    case 'clock':
      return { kind, client, ratePercent: 50 }
  }
}

export function updateLeaseFault(scenario: LeaseScenario, index: number, fault: LeaseFault): LeaseScenario {
  return { ...scenario, faults: scenario.faults.map((f, i) => (i === index ? fault : f)) }
}

export function removeLeaseFault(scenario: LeaseScenario, index: number): LeaseScenario {
  return { ...scenario, faults: scenario.faults.filter((_, i) => i !== index) }
}

export function addLeaseFault(scenario: LeaseScenario, kind: LeaseFaultKind): LeaseScenario {
  return { ...scenario, faults: [...scenario.faults, defaultLeaseFault(kind, scenario)] }
}

/**
 * Smaller versions of a lease scenario for chaos's shrinking, biggest cuts first: drop a
 * fault, a client (with its faults), a write; then plainer numbers.
 */
export function* leaseScenarioCandidates(scenario: LeaseScenario): Generator<LeaseScenario> {
  for (let i = 0; i < scenario.faults.length; i++)
    yield { ...scenario, faults: scenario.faults.filter((_, j) => j !== i) }
  for (let i = scenario.clients.length - 1; i >= 0 && scenario.clients.length > 1; i--) {
    const gone = scenario.clients[i]!.id
    yield {
      ...scenario,
      clients: scenario.clients.filter((_, j) => j !== i),
      faults: scenario.faults.filter((f) => f.client !== gone),
    }
  }
  for (let i = 0; i < scenario.clients.length; i++) {
    const client = scenario.clients[i]!
    const patch = (p: Partial<typeof client>) => ({
      ...scenario,
      clients: scenario.clients.map((c, j) => (j === i ? { ...client, ...p } : c)),
    })
    if (client.writes > 1) yield patch({ writes: client.writes - 1 })
    if (client.renewEveryMs !== undefined) yield patch({ renewEveryMs: undefined })
    const rounded = Math.floor(client.atMs / 1000) * 1000
    if (rounded !== client.atMs) yield patch({ atMs: rounded })
  }
}
