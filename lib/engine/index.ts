// Public API of the payment engine, its simulator and checker. Import from
// '@/lib/engine' only (the files behind it may move).

export { bodyHash, canonicalJson } from './canonical'
export { type CheckResult, checkTrace, checkTraceDetailed } from './check/invariants'
export {
  type CheckNote,
  INVARIANT_GISTS,
  INVARIANTS,
  type InvariantId,
  type Violation,
} from './check/violation'
export { systemClock } from './clock'
export { clockLabel, clockStartOf } from './clock-label'
export {
  DAY_MS,
  DEFAULT_KEY_TTL_MS,
  DEFAULT_LEASE_MS,
  DEFAULT_RECOVERY_CONCURRENCY,
  HOUR_MS,
} from './constants'
export { type CreateEngineOptions, createEngine, type Engine, type EngineUsage } from './engine'
export { type EngineStep, FAULT_POINTS, type FaultHooks, type FaultPoint, type StepContext } from './faults'
export type {
  ChargeOutcome,
  ChargeRequest,
  LedgerEntry,
  LookupOutcome,
  PaymentProvider,
  RefundOutcome,
  RefundRequest,
} from './provider'
export {
  behaviourForToken,
  defaultProviderTiming,
  type ProviderBehaviour,
  type ProviderBehaviourKind,
  type ProviderTiming,
  SimulatedProvider,
  type SimulatedProviderOptions,
} from './provider-sim'
export { freshProviderDatabase } from './provider-sim-db'
export { PROBLEM_SLUGS } from './responses'
export {
  type CreatePaymentBody,
  createPaymentBodySchema,
  type FieldError,
  fieldErrors,
  idempotencyKeySchema,
  MAX_AMOUNT_MINOR,
  type RefundBody,
  refundBodySchema,
  SUPPORTED_CURRENCIES,
} from './schemas'
export { configureSimulator, type SimulatorEnvironment } from './sim/environment'
export { describeConfig, formatTimeline, formatViolation, rowLines } from './sim/format'
export { prng, type RandomScheduleOptions, randomScenario, randomScenarioInput } from './sim/random'
export { type RunOptions, type RunResult, resolveConfig, runScenario } from './sim/runner'
export {
  DEFAULT_BODY,
  DEFAULT_KEY,
  DEFAULT_START_AT,
  LIMITS as SCENARIO_LIMITS,
  parseScenario,
  type Scenario,
  type ScenarioFault,
  type ScenarioInput,
  type ScenarioParse,
  type ScenarioRequest,
  type ScenarioSweep,
  scenarioSchema,
} from './sim/scenario'
export {
  CANONICAL_SCENARIO_IDS,
  canonicalScenarios,
  loadScenarioFile,
  ScenarioFileError,
  scenarioById,
  scenariosFolder,
} from './sim/scenarios'
export * from './trace'
export type { TracedTable, TraceInput, TraceSink } from './trace-sink'
export {
  type Clock,
  type CreatePaymentInput,
  correctConfig,
  type EngineConfig,
  type EngineResponse,
  engineConfig,
  FLAWS,
  type Flaw,
  type InFlightPolicy,
  type ProviderWebhook,
  type RefundPaymentInput,
  type ResponseKind,
  type SweepReport,
  type WebhookResult,
} from './types'
