// The shape of a timeline drill: questions derived from engine traces. Plain data
// (no functions), so a server component can hand a drill to a client leaf as props.
import type { AnyInvariantId, Trace } from '@/lib/engine'

/** One answer a learner can pick. */
export interface DrillOption {
  /** Stable within its question: the outcome code, the event index or the invariant id. */
  id: string
  /** Plain words a candidate would use. */
  text: string
}

interface QuestionBase {
  /** Stable per drill, e.g. 'next:A-retry' or 'bug-step:split-commit:I4'. */
  id: string
  /** The question as a learner reads it (the radiogroup's accessible name). */
  prompt: string
  /** Key into `Drill.traces` of the run the timeline shows. */
  traceKey: string
  /** The timeline shows events 0…shownUpTo before checking (later steps hidden). */
  shownUpTo: number
  /** …and 0…revealUpTo after checking (the real next step revealed). */
  revealUpTo: number
  /** The event the reveal points at (the player starts there). */
  revealStep: number
  options: DrillOption[]
  correctId: string
  /** One or two sentences, from the trace and the checker, shown after checking. */
  explanation: string
  /** Per wrong option: where that outcome really happens (a variant of the engine). */
  wrongNotes: Record<string, string>
}

/** "What happens next?" at a request the server must decide about. */
export interface NextStepQuestion extends QuestionBase {
  kind: 'next-step'
  requestId: string
}

/** "Spot the bug", part 1: the step where things go wrong. */
export interface SpotStepQuestion extends QuestionBase {
  kind: 'spot-step'
  invariant: AnyInvariantId
}

/** "Spot the bug", part 2: the invariant that step breaks. */
export interface SpotInvariantQuestion extends QuestionBase {
  kind: 'spot-invariant'
  invariant: AnyInvariantId
}

export type DrillQuestion = NextStepQuestion | SpotStepQuestion | SpotInvariantQuestion

/** A spot-the-bug pair on one run (the scenario as configured, or one flaw switched on). */
export interface SpotGroup {
  /** 'as-configured' or the flaw switched on, e.g. 'split-commit'. */
  variantId: string
  /** "Charge before insert on" — what the learner is told about the run. */
  variantLabel: string
  step: SpotStepQuestion
  invariant: SpotInvariantQuestion
}

export interface Drill {
  /** Absent for payments; 'lease' for a lease scenario's drill (lease-build.ts). */
  protocol?: 'lease'
  scenarioId: string
  title: string
  description: string
  /** Runs the questions draw on, by key: 'base' is the scenario as configured. */
  traces: Record<string, Trace>
  /** Every "what happens next?" question the scenario allows, in timeline order. */
  nextSteps: NextStepQuestion[]
  /** Every spot-the-bug pair, the scenario's own violations first. */
  spotGroups: SpotGroup[]
}

/** The questions one sitting asks, options already shuffled. */
export interface DrillRound {
  scenarioId: string
  /** Which sitting (the review count for a card; ?round=N on the page). */
  round: number
  questions: DrillQuestion[]
}
