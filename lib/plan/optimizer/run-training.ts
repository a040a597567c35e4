// Starts one training run in a worker thread (train-worker.mjs), so fsrs-rs never
// blocks the server's event loop: progress arrives as messages, a cancel stops it
// at the next progress report, and a run that hangs is ended after a deadline.
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import type { TrainingItem } from './items'
import type { FromWorker, Scores, ToWorker } from './protocol'

/** The worker file, loaded by path: the server runs from the project root (npm start, tests, benchmarks). */
export const TRAIN_WORKER_PATH = path.join(process.cwd(), 'lib', 'plan', 'optimizer', 'train-worker.mjs')

/** A run longer than this is stuck (the benchmark's 10,000 reviews take seconds). */
export const TRAINING_DEADLINE_MS = 120_000

export type TrainingOutcome =
  | { kind: 'trained'; parameters: number[]; before: Scores; after: Scores }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string }

export interface TrainingRun {
  outcome: Promise<TrainingOutcome>
  cancel(): void
}

export function startTraining({
  items,
  current,
  enableShortTerm,
  onProgress,
  deadlineMs = TRAINING_DEADLINE_MS,
}: {
  items: readonly TrainingItem[]
  current: readonly number[]
  enableShortTerm: boolean
  onProgress?: (current: number, total: number) => void
  deadlineMs?: number
}): TrainingRun {
  const worker = new Worker(TRAIN_WORKER_PATH)
  let settle: (outcome: TrainingOutcome) => void = () => {}
  const outcome = new Promise<TrainingOutcome>((resolve) => {
    settle = resolve
  })
  let settled = false
  let cancelRequested = false
  const finish = (result: TrainingOutcome) => {
    if (settled) return
    settled = true
    clearTimeout(deadline)
    settle(result)
    void worker.terminate()
  }
  const deadline = setTimeout(
    () => finish({ kind: 'failed', message: `training took longer than ${deadlineMs / 1000} s` }),
    deadlineMs,
  )
  worker.on('message', (message: FromWorker) => {
    if (message.type === 'progress') onProgress?.(message.current, message.total)
    // A run cancelled after it finished is still cancelled: nothing of it may be kept.
    else if (message.type === 'done' && cancelRequested) finish({ kind: 'cancelled' })
    else if (message.type === 'done')
      finish({
        kind: 'trained',
        parameters: message.parameters,
        before: message.before,
        after: message.after,
      })
    else if (message.type === 'cancelled') finish({ kind: 'cancelled' })
    else finish({ kind: 'failed', message: message.message })
  })
  worker.on('error', (error) => finish({ kind: 'failed', message: error.message }))
  worker.on('exit', (code) => finish({ kind: 'failed', message: `the training worker exited (${code})` }))
  worker.postMessage({ type: 'train', items, current, enableShortTerm } satisfies ToWorker)
  return {
    outcome,
    cancel() {
      if (settled) return
      cancelRequested = true
      worker.postMessage({ type: 'cancel' } satisfies ToWorker)
      // fsrs-rs stops at its next progress report; a worker that does not answer soon is ended.
      setTimeout(() => finish({ kind: 'cancelled' }), 2_000).unref()
    },
  }
}
