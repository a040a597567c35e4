// The engine's server face: everything in the client-safe entry ('./client') plus the
// engine, its store, the simulated provider, the simulator and the checker. Code outside
// lib/engine imports '@/lib/engine' or '@/lib/engine/client', never a file behind them
// (the files behind them may move); client components import only the client entry.

export { bodyHash, canonicalJson, sha256Hex } from './canonical'
export { type CheckResult, checkTrace, checkTraceDetailed } from './check/invariants'
export * from './client'
export { systemClock } from './clock'
export {
  type CreateEngineOptions,
  createEngine,
  type Engine,
  type EngineDatabase,
  type EngineOptions,
  type EngineUsage,
} from './engine'
export type { EngineStep, FaultHooks, StepContext } from './faults'
export { FLAW_STEPS } from './flaws'
export { checkLeaseTrace } from './lease/check'
export { randomLeaseScenario } from './lease/random'
export { type LeaseRunOptions, type LeaseRunResult, runLeaseScenario, withLeaseConfig } from './lease/run'
export {
  LEASE_LIMITS,
  leaseConfigSchema,
  leaseScenarioSchema,
  markLeaseParsed,
  parseLeaseScenario,
} from './lease/scenario'
export { LEASE_SCENARIO_IDS, leaseScenarioById, leaseScenarios } from './lease/scenarios'
export {
  type AnyScenarioParse,
  allScenarios,
  anyScenarioById,
  type ProtocolRun,
  parseAnyScenario,
  randomScenarioFor,
  runAnyScenario,
  withFlaws,
} from './protocols'
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
  type LedgerWritten,
  type NewLedgerEntry,
  type ProviderKeyRecord,
  type ProviderLedger,
  type SqliteProviderLedger,
  sqliteProviderLedger,
} from './provider-ledger'
export {
  behaviourForToken,
  defaultProviderTiming,
  type ProviderBehaviour,
  type ProviderBehaviourKind,
  type ProviderTiming,
  SimulatedProvider,
  type SimulatedProviderOptions,
} from './provider-sim'
export { freshProviderDatabase, type LedgerSqlRow } from './provider-sim-db'
export { PROBLEM_SLUGS, paymentBody } from './responses'
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
export { type FuzzJob, type FuzzMessage, fuzzRange, runFuzzWorker } from './sim/fuzz'
export { prng, type RandomScheduleOptions, randomScenario, randomScenarioInput } from './sim/random'
export { type RunOptions, type RunResult, resolveConfig, runScenario } from './sim/runner'
export {
  DEFAULT_BODY,
  DEFAULT_KEY,
  DEFAULT_START_AT,
  LIMITS as SCENARIO_LIMITS,
  markParsed,
  parseScenario,
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
// The prepared statements themselves, for the benchmarks that time the SQL without the protocol.
export { statementsFor } from './store'
// The store port (db/engine-store-pg.ts implements it for PostgreSQL) and its SQLite adapter.
export {
  type Claimed,
  type Completed,
  type EngineStore,
  isPending,
  type KeyCompletion,
  type KeyFence,
  type KeyRow,
  type KeyStatus,
  type LeaseTakeover,
  type Maybe,
  type NewClaim,
  type OnCommit,
  type Operation,
  type PaymentCompletion,
  type PaymentRow,
  type PaymentWrite,
  type PendingReopen,
  type RefundCompletion,
  type RefundRejection,
  type RefundReservation,
  type RefundRow,
  type RefundWrite,
  type ResourceState,
  SWEEP_BATCH,
} from './store-port'
export { type SqliteEngineStore, sqliteStore } from './store-sqlite'
export type { TracedTable, TraceInput, TraceSink } from './trace-sink'
export {
  type Clock,
  type CreatePaymentInput,
  correctConfig,
  type EngineResponse,
  engineConfig,
  type ProviderWebhook,
  type RefundPaymentInput,
  type ResponseKind,
  type SweepReport,
  type WebhookResult,
} from './types'
