// Named protocol steps where the simulator may delay or crash a server. The live
// driver passes no hooks: real faults there are a killed process.

export const FAULT_POINTS = [
  'after-claim',
  'after-provider-accept',
  'after-payment-row',
  'before-response',
] as const
/** The crash points a scenario may name. */
export type FaultPoint = (typeof FAULT_POINTS)[number]

/**
 * Every step the engine reports. `before-claim` carries the simulated database
 * latency of a claim's commit (and, under select-then-insert, the gap between the
 * look and the write).
 */
export type EngineStep = 'before-claim' | FaultPoint

export interface StepContext {
  requestId: string
  accountId: number
  key: string
}

/**
 * Called by the engine when it reaches a step. A simulator may sleep (latency) or
 * never resolve (the server died there: nothing after this point runs).
 */
export interface FaultHooks {
  reached(step: EngineStep, ctx: StepContext): Promise<void> | undefined
}
