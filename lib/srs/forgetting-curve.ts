// The FSRS forgetting curve's two constants for a learner's parameters, so a database can
// compute recall now in SQL over thousands of cards (R(t) = (1 + factor · t / S)^decay, t in
// days) without one ts-fsrs call per card. ts-fsrs's own computeDecayFactor, on the
// parameters it would use (migrated: FSRS-5 sets decay 0.5, FSRS-6 sets carry their own).
import { computeDecayFactor, default_w, migrateParameters } from 'ts-fsrs'

export interface ForgettingCurve {
  decay: number
  factor: number
}

export function forgettingCurveOf(parameters: readonly number[] | null): ForgettingCurve {
  return computeDecayFactor(migrateParameters(parameters ? [...parameters] : [...default_w]))
}

/** Recall `elapsedDays` after the last review at `stability` (the same curve, in JS). */
export function recallOn(curve: ForgettingCurve, elapsedDays: number, stability: number): number {
  return (1 + (curve.factor * Math.max(0, elapsedDays)) / stability) ** curve.decay
}
