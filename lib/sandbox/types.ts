// What the sandbox API answers (JSON). Shared by the routes and the client leaves.
import type { AnyScenario, AnyViolation, Scenario, Trace } from '@/lib/engine/client'

export interface RunNote {
  message: string
  eventIndex: number
}

/** A run of a scenario of protocol `S` (payments unless said). */
export interface SandboxRun<S extends AnyScenario = Scenario> {
  /** The scenario as the server parsed it (defaults filled): the builder's new state. */
  scenario: S
  trace: Trace
  violations: AnyViolation[]
  notes: RunNote[]
  /** The encoded scenario for `/sandbox?s=…`. */
  share: string
}

export type AnySandboxRun = SandboxRun<AnyScenario>

export interface CompareRuns<S extends AnyScenario = Scenario> {
  runs: [SandboxRun<S> & { label: string }, SandboxRun<S> & { label: string }]
  /** "1 charge vs 2" */
  summary: string
}

export interface ChaosFailure<S extends AnyScenario = Scenario> {
  /** The seed that generated the failing schedule (reproduces it). */
  seed: number
  violations: AnyViolation[]
  /** The schedule as generated (a lease schedule counts its clients as requests). */
  original: { requests: number; faults: number; sweeps: number }
  /** The minimal failing schedule after shrinking, ready to load into the builder. */
  shrunk: SandboxRun<S>
  shrinkTries: number
}

export interface ChaosBatch<S extends AnyScenario = Scenario> {
  /** Schedules run in this batch. */
  ran: number
  /** The first schedule that broke an invariant, if any. */
  failure: ChaosFailure<S> | null
}
