// Which parameters to keep after a run, scored by fsrs-rs's evaluate on the same
// items: the new ones only when they are no worse on both log loss and RMSE(bins)
// and better on at least one. Anything else keeps the current ones ("your current
// parameters already fit best").
import type { Scores } from './protocol'

export function keepNew(before: Scores, after: Scores): boolean {
  const noWorse = after.logLoss <= before.logLoss && after.rmseBins <= before.rmseBins
  return noWorse && (after.logLoss < before.logLoss || after.rmseBins < before.rmseBins)
}
