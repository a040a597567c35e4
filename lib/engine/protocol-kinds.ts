// The protocols the engine hosts, client-safe: their ids, the scenario and violation types
// that span them, and how to tell which protocol a scenario or a trace belongs to.
// Running, parsing and listing scenarios is the server's registry (protocols.ts).
import { INVARIANT_GISTS, type InvariantId, type Violation } from './check/violation'
import { LEASE_INVARIANT_GISTS, type LeaseInvariantId, type LeaseViolation } from './lease/catalogue'
import type { LeaseScenario } from './lease/scenario'
import type { Scenario } from './sim/scenario'
import type { ProtocolId, Trace } from './trace'

/** Payments first: a scenario or a chaos request that names no protocol is a payment one. */
export const PROTOCOL_IDS = ['payments', 'lease'] as const satisfies readonly ProtocolId[]

export type AnyScenario = Scenario | LeaseScenario
export type AnyViolation = Violation | LeaseViolation
export type AnyInvariantId = InvariantId | LeaseInvariantId

export function isLeaseScenario(scenario: AnyScenario): scenario is LeaseScenario {
  return (scenario as { protocol?: string }).protocol === 'lease'
}

export function protocolOf(of: AnyScenario | Trace): ProtocolId {
  return (of as { protocol?: string }).protocol === 'lease' ? 'lease' : 'payments'
}

/** What every invariant of every protocol promises: I1–I8, then L1–L3. */
export const ALL_INVARIANT_GISTS: Readonly<Record<AnyInvariantId, string>> = {
  ...INVARIANT_GISTS,
  ...LEASE_INVARIANT_GISTS,
}

/** The invariant ids of one protocol, in order. */
export function invariantIdsOf(protocol: ProtocolId): AnyInvariantId[] {
  return Object.keys(protocol === 'lease' ? LEASE_INVARIANT_GISTS : INVARIANT_GISTS) as AnyInvariantId[]
}
