// What the sandbox API answers (JSON). Shared by the routes and the client leaves.
import type { Scenario, Trace, Violation } from '@/lib/engine/client'

export interface RunNote {
  message: string
  eventIndex: number
}

export interface SandboxRun {
  /** The scenario as the server parsed it (defaults filled): the builder's new state. */
  scenario: Scenario
  trace: Trace
  violations: Violation[]
  notes: RunNote[]
  /** The encoded scenario for `/sandbox?s=…`. */
  share: string
}

export interface CompareRuns {
  runs: [SandboxRun & { label: string }, SandboxRun & { label: string }]
  /** "1 charge vs 2" */
  summary: string
}

export interface ChaosFailure {
  /** The seed that generated the failing schedule (reproduces it). */
  seed: number
  violations: Violation[]
  /** The schedule as generated. */
  original: { requests: number; faults: number; sweeps: number }
  /** The minimal failing schedule after shrinking, ready to load into the builder. */
  shrunk: SandboxRun
  shrinkTries: number
}

export interface ChaosBatch {
  /** Schedules run in this batch. */
  ran: number
  /** The first schedule that broke an invariant, if any. */
  failure: ChaosFailure | null
}
