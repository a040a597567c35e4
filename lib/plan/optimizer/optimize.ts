// "Optimize my parameters": train FSRS on the learner's own review log (fsrs-rs, in
// a worker), score the current and the new parameters on the same items, keep the
// new ones only when they fit better, and store them for every later schedule.
// Nothing is stored unless the run finishes and the new parameters win.
import { default_w } from 'ts-fsrs'
import { planQueries } from '@/db/queries/plan'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { studySettingsFrom } from '@/lib/srs/settings'
import { MIN_TRAINING_ITEMS, type TrainingItem, trainingItemsFrom } from './items'
import { keepNew } from './keep-rule'
import type { Scores } from './protocol'
import { startTraining } from './run-training'

export type OptimizeResult =
  | {
      kind: 'optimized'
      items: number
      before: Scores
      after: Scores
      kept: 'new' | 'old'
      parameters: number[]
    }
  | { kind: 'not-enough-history'; items: number; minimum: number }
  /** Enough items by count, but fsrs-rs set too many aside (first intervals seen only a few times). */
  | { kind: 'not-enough-usable-history'; items: number }
  | { kind: 'invalid-history'; reason: string }
  /** Another run is going (one at a time per server: training takes a whole core). */
  | { kind: 'busy' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string }

let running = false

export function isOptimizerBusy(): boolean {
  return running
}

/** A history ready to train on: its items and the parameters in use now. */
export interface PreparedTraining {
  kind: 'ready'
  items: TrainingItem[]
  current: number[]
}

type NotReady = Extract<OptimizeResult, { kind: 'not-enough-history' | 'invalid-history' | 'busy' }>

/** The cheap checks, before any training: enough usable history, and no other run going. */
export async function prepareTraining({
  db,
  learnerId,
}: {
  db: Db
  learnerId: string
}): Promise<PreparedTraining | NotReady> {
  const settings = studySettingsFrom(await studyQueries(db).getLearnerSettingsByLearnerId(learnerId))
  const history = await planQueries(db).getReviewHistoryByLearnerId({ learnerId })
  const built = trainingItemsFrom(history, settings)
  if (!built.ok) return { kind: 'invalid-history', reason: built.reason }
  if (built.items.length < MIN_TRAINING_ITEMS)
    return { kind: 'not-enough-history', items: built.items.length, minimum: MIN_TRAINING_ITEMS }
  if (running) return { kind: 'busy' }
  return { kind: 'ready', items: built.items, current: [...(settings.parameters ?? default_w)] }
}

export interface TrainOptions {
  db: Db
  learnerId: string
  nowMs: number
  onProgress?: (current: number, total: number) => void
  signal?: AbortSignal
  /** Runs before the new parameters are stored (the route stores the learner here). */
  beforeSave?: () => Promise<unknown>
}

/** Trains, scores both sets, and stores the new parameters only when they fit better. */
export async function trainAndKeep(
  prepared: PreparedTraining,
  { db, learnerId, nowMs, onProgress, signal, beforeSave }: TrainOptions,
): Promise<OptimizeResult> {
  if (running) return { kind: 'busy' }
  running = true
  try {
    const { items, current } = prepared
    const run = startTraining({ items, current, enableShortTerm: true, onProgress })
    if (signal?.aborted) run.cancel()
    signal?.addEventListener('abort', () => run.cancel(), { once: true })
    const outcome = await run.outcome
    if (outcome.kind === 'failed' && /NotEnoughData/.test(outcome.message))
      return { kind: 'not-enough-usable-history', items: items.length }
    if (outcome.kind !== 'trained') return outcome
    const kept = keepNew(outcome.before, outcome.after) ? 'new' : 'old'
    if (kept === 'new') {
      await beforeSave?.()
      await db.transaction(
        (tx) =>
          planQueries(tx).saveFsrsParametersByLearnerId({ learnerId, parameters: outcome.parameters, nowMs }),
        { lockKey: learnerId },
      )
    }
    return {
      kind: 'optimized',
      items: items.length,
      before: outcome.before,
      after: outcome.after,
      kept,
      parameters: kept === 'new' ? outcome.parameters : current,
    }
  } finally {
    running = false
  }
}

export async function optimizeParameters(options: TrainOptions): Promise<OptimizeResult> {
  const prepared = await prepareTraining(options)
  return prepared.kind === 'ready' ? trainAndKeep(prepared, options) : prepared
}
