// The engine's client-safe face: what the browser and any light module may import. Every
// module behind it is import-free (no zod, no node:, no SQL), so a client component that
// imports this pulls in no server code. Types cost nothing at run time, so the scenario
// and config types are here too; their schemas and everything that runs the engine are in
// the server entry, '@/lib/engine' (which re-exports all of this).

export {
  type CheckNote,
  INVARIANT_GISTS,
  INVARIANTS,
  type InvariantId,
  type Violation,
} from './check/violation'
export { clockLabel, clockStartOf } from './clock-label'
export {
  DAY_MS,
  DEFAULT_KEY_TTL_MS,
  DEFAULT_LEASE_MS,
  DEFAULT_RECOVERY_CONCURRENCY,
  HOUR_MS,
  SWEEP_KINDS,
  type SweepKind,
} from './constants'
export { FAULT_POINTS, type FaultPoint } from './faults'
export { FLAW_CATALOGUE, FLAWS, type Flaw, type FlawEntry, flawEntry } from './flaws/catalogue'
export {
  LEASE_FAULT_KINDS,
  LEASE_FLAW_CATALOGUE,
  LEASE_FLAWS,
  LEASE_INVARIANT_GISTS,
  LEASE_INVARIANTS,
  LEASE_MESSAGES,
  type LeaseFaultKind,
  type LeaseFlaw,
  type LeaseFlawEntry,
  type LeaseInvariantId,
  type LeaseMessage,
  type LeaseViolation,
  leaseFlawEntry,
} from './lease/catalogue'
export type {
  LeaseClient,
  LeaseConfig,
  LeaseFault,
  LeaseScenario,
  LeaseScenarioInput,
} from './lease/scenario'
export { PROBLEM_CONTENT_TYPE, type Problem, problem, problemType } from './problem'
export {
  ALL_INVARIANT_GISTS,
  type AnyInvariantId,
  type AnyScenario,
  type AnyViolation,
  invariantIdsOf,
  isLeaseScenario,
  PROTOCOL_IDS,
  protocolOf,
} from './protocol-kinds'
export type {
  Scenario,
  ScenarioFault,
  ScenarioInput,
  ScenarioParse,
  ScenarioRequest,
  ScenarioSweep,
} from './sim/scenario'
export * from './trace'
export type { EngineConfig, InFlightPolicy } from './types'
