// POST /api/fsrs/optimize's answers: the result body (the contract), and the problem
// for each way a run does not produce one. Pure mapping; the route streams or waits.
import { type ProblemCode, problemResponse } from '@/lib/http/problems'
import type { OptimizeResult } from '@/lib/plan/optimizer/optimize'

export type OptimizeBody = {
  items: number
  before: { logLoss: number; rmseBins: number }
  after: { logLoss: number; rmseBins: number }
  kept: 'new' | 'old'
  parameters: number[]
}

export function optimizeBody(result: Extract<OptimizeResult, { kind: 'optimized' }>): OptimizeBody {
  return {
    items: result.items,
    before: { logLoss: result.before.logLoss, rmseBins: result.before.rmseBins },
    after: { logLoss: result.after.logLoss, rmseBins: result.after.rmseBins },
    kept: result.kept,
    parameters: result.parameters,
  }
}

/** The problem (code, detail, extra, headers) for a result that is not a trained run. */
export function optimizeProblem(result: Exclude<OptimizeResult, { kind: 'optimized' }>): {
  code: ProblemCode
  detail: string
  extra?: Record<string, unknown>
  headers?: Record<string, string>
} {
  switch (result.kind) {
    case 'not-enough-history':
      return {
        code: 'not-enough-history',
        detail: `Optimizing needs at least ${result.minimum} training items (reviews of a card after its first, on a later day); your history has ${result.items}. Your parameters are unchanged.`,
        extra: { items: result.items, minimum: result.minimum },
      }
    case 'not-enough-usable-history':
      return {
        code: 'not-enough-history',
        detail: `fsrs-rs found too few usable reviews among your ${result.items} training items (it sets aside first intervals that occur only a few times). Review for a few more days. Your parameters are unchanged.`,
        extra: { items: result.items },
      }
    case 'invalid-history':
      return {
        code: 'invalid-history',
        detail: `Your review history cannot be used for training: ${result.reason}. Your parameters are unchanged.`,
      }
    case 'busy':
      return {
        code: 'optimizer-busy',
        detail:
          'Another optimization is running on this server; try again in a few seconds. Your parameters are unchanged.',
        headers: { 'retry-after': '5' },
      }
    case 'cancelled':
      return {
        code: 'optimizer-failed',
        detail: 'The optimization was cancelled. Your parameters are unchanged.',
      }
    case 'failed':
      return {
        code: 'optimizer-failed',
        detail: `The optimizer failed (${result.message}). Your parameters are unchanged.`,
      }
  }
}

export function optimizeProblemResponse(result: Exclude<OptimizeResult, { kind: 'optimized' }>): Response {
  const { code, detail, extra, headers } = optimizeProblem(result)
  return problemResponse(code, detail, { extra, headers })
}
