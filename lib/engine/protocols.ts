// The protocol registry (server): one way in for the parts that work over any protocol —
// the sandbox's run, compare, export and share URLs, the card timelines, the drills. Each
// protocol brings a scenario schema (parse), its scenario files, a run (trace + violations
// of its invariants) and a random schedule generator. Payments is the default: a scenario
// without `protocol` is a payment scenario, and the payment code paths run as before.
//
// A third protocol: a folder beside lease/ (catalogue, scenario schema, run, check, random,
// scenarios), one entry in PROTOCOL_IDS (protocol-kinds.ts) and one row in PROTOCOLS below.
import type { CheckNote } from './check/violation'
import type { Flaw } from './flaws/catalogue'
import { randomLeaseScenario } from './lease/random'
import { runLeaseScenario, withLeaseConfig } from './lease/run'
import { type LeaseConfig, type LeaseScenario, parseLeaseScenario } from './lease/scenario'
import { leaseScenarioById, leaseScenarios } from './lease/scenarios'
import { type AnyScenario, type AnyViolation, isLeaseScenario, PROTOCOL_IDS } from './protocol-kinds'
import { randomScenario } from './sim/random'
import { runScenario } from './sim/runner'
import { parseScenario } from './sim/scenario'
import { canonicalScenarios, scenarioById } from './sim/scenarios'
import type { ProtocolId, Trace } from './trace'

export interface ProtocolRun {
  scenario: AnyScenario
  trace: Trace
  violations: AnyViolation[]
  notes: CheckNote[]
}

export type AnyScenarioParse = { ok: true; scenario: AnyScenario } | { ok: false; problems: string[] }

interface Protocol {
  parse(input: unknown): AnyScenarioParse
  scenarios(): AnyScenario[]
  byId(id: string): AnyScenario | undefined
  random(seed: number): AnyScenario
}

const PROTOCOLS: Record<ProtocolId, Protocol> = {
  payments: {
    parse: parseScenario,
    scenarios: canonicalScenarios,
    byId: scenarioById,
    random: randomScenario,
  },
  lease: {
    parse: parseLeaseScenario,
    scenarios: leaseScenarios,
    byId: leaseScenarioById,
    random: randomLeaseScenario,
  },
}

/**
 * Parses untrusted scenario JSON of any protocol: `protocol` picks the schema (payments when
 * absent). Each schema is strict, so a field of the other protocol is named as unknown.
 */
export function parseAnyScenario(input: unknown): AnyScenarioParse {
  const protocol = input && typeof input === 'object' ? (input as { protocol?: unknown }).protocol : undefined
  if (protocol === undefined) return parseScenario(input)
  if (protocol === 'payments') {
    const { protocol: _named, ...rest } = input as Record<string, unknown>
    return parseScenario(rest)
  }
  if (protocol === 'lease') return parseLeaseScenario(input)
  const shown =
    typeof protocol === 'string' ? `"${protocol.slice(0, 40)}"` : JSON.stringify(protocol)?.slice(0, 40)
  return { ok: false, problems: [`protocol: unknown protocol ${shown}; known: ${PROTOCOL_IDS.join(', ')}`] }
}

/** Every protocol's scenario files: payments' canonical order, then the lease scenarios. */
export function allScenarios(): AnyScenario[] {
  return PROTOCOL_IDS.flatMap((id) => PROTOCOLS[id].scenarios())
}

export function anyScenarioById(id: string): AnyScenario | undefined {
  for (const protocol of PROTOCOL_IDS) {
    const found = PROTOCOLS[protocol].byId(id)
    if (found) return found
  }
  return undefined
}

export function randomScenarioFor(protocol: ProtocolId, seed: number): AnyScenario {
  return PROTOCOLS[protocol].random(seed)
}

/** Runs a scenario of any protocol; `flaws` replaces the scenario's own. */
export async function runAnyScenario(
  scenario: AnyScenario,
  { flaws }: { flaws?: string[] } = {},
): Promise<ProtocolRun> {
  if (isLeaseScenario(scenario)) {
    const run = runLeaseScenario(scenario, flaws ? { config: { flaws: flaws as LeaseConfig['flaws'] } } : {})
    return { scenario: run.scenario, trace: run.trace, violations: run.violations, notes: [] }
  }
  const run = await runScenario(scenario, flaws ? { config: { flaws: flaws as Flaw[] } } : {})
  return { scenario: run.scenario, trace: run.trace, violations: run.violations, notes: run.notes }
}

/** The scenario with other flaws switched on (what its run would be with them). */
export function withFlaws(scenario: AnyScenario, flaws: string[]): AnyScenario {
  if (isLeaseScenario(scenario))
    return withLeaseConfig(scenario, { flaws: flaws as LeaseScenario['config']['flaws'] })
  return { ...scenario, config: { ...scenario.config, flaws: flaws as Flaw[] } }
}
