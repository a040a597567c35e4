// Runs training in a worker thread (train-worker.mjs), so fsrs-rs never blocks the
// server's event loop: progress arrives as messages, a cancel stops it at the next
// progress report, and a run that hangs past a deadline is given up on. One worker
// per run, which ends itself once fsrs-rs is done with it. It is never terminated
// from here: terminating a worker while fsrs-rs may still call its progress callback
// aborts the whole process (a napi threadsafe-function assertion in the binding,
// seen with 100,000 reviews), so a cancel or a deadline asks fsrs-rs to stop and
// stops waiting, and the worker exits when fsrs-rs lets go.
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { packItems, type TrainingItem } from './items'
import { type FromWorker, PROGRESS_EVERY_MS, type Scores, type ToWorker } from './protocol'

/** The worker file, loaded by path: the server runs from the project root (npm start, tests, benchmarks). */
export const TRAIN_WORKER_PATH = path.join(process.cwd(), 'lib', 'plan', 'optimizer', 'train-worker.mjs')

/** A run longer than this is stuck (the benchmark's 10,000 reviews take about a second). */
export const TRAINING_DEADLINE_MS = 120_000

export type TrainingOutcome =
  | { kind: 'trained'; parameters: number[]; before: Scores; after: Scores }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string }

export interface TrainingRun {
  outcome: Promise<TrainingOutcome>
  cancel(): void
}

let nextRunId = 1

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
  const runId = nextRunId++
  let settle: (outcome: TrainingOutcome) => void = () => {}
  const outcome = new Promise<TrainingOutcome>((resolve) => {
    settle = resolve
  })
  let settled = false
  let cancelRequested = false
  const onMessage = (message: FromWorker) => {
    if (message.runId !== runId) return
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
  }
  const onError = (error: Error) => finish({ kind: 'failed', message: error.message })
  const onExit = (code: number) => finish({ kind: 'failed', message: `the training worker exited (${code})` })
  const finish = (result: TrainingOutcome) => {
    if (settled) return
    settled = true
    clearTimeout(deadline)
    worker.off('message', onMessage)
    worker.off('error', onError)
    worker.off('exit', onExit)
    // Whatever fsrs-rs still reports after this is not ours to hear; the worker ends on its own.
    if (result.kind !== 'trained') worker.postMessage({ type: 'cancel', runId } satisfies ToWorker)
    worker.unref()
    settle(result)
  }
  const deadline = setTimeout(
    () => finish({ kind: 'failed', message: `training took longer than ${deadlineMs / 1000} s` }),
    deadlineMs,
  )
  worker.on('message', onMessage)
  worker.on('error', onError)
  worker.on('exit', onExit)
  const packed = packItems(items)
  worker.postMessage(
    {
      type: 'train',
      runId,
      packed,
      current,
      enableShortTerm,
      progressEveryMs: PROGRESS_EVERY_MS,
    } satisfies ToWorker,
    [packed.buffer],
  )
  return {
    outcome,
    cancel() {
      if (settled) return
      cancelRequested = true
      worker.postMessage({ type: 'cancel', runId } satisfies ToWorker)
      // fsrs-rs stops at its next progress report; the caller does not wait longer than this for it.
      setTimeout(() => finish({ kind: 'cancelled' }), 2_000).unref()
    },
  }
}
