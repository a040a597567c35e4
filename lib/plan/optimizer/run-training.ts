// Runs training in a worker thread (train-worker.mjs), so fsrs-rs never blocks the
// server's event loop: progress arrives as messages, a cancel stops it at the next
// progress report, and a run that hangs is ended after a deadline (the worker with
// it). One worker is kept warm between runs, so a run does not pay for starting a
// thread and loading fsrs-rs; it ends itself after a minute without work. Runs take
// turns (lib/plan/optimizer/optimize.ts allows one at a time).
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { packItems, type TrainingItem } from './items'
import { type FromWorker, PROGRESS_EVERY_MS, type Scores, type ToWorker } from './protocol'

/** The worker file, loaded by path: the server runs from the project root (npm start, tests, benchmarks). */
export const TRAIN_WORKER_PATH = path.join(process.cwd(), 'lib', 'plan', 'optimizer', 'train-worker.mjs')

/** A run longer than this is stuck (the benchmark's 10,000 reviews take about a second). */
export const TRAINING_DEADLINE_MS = 120_000
/** A warm worker with nothing to do for this long is ended. */
const IDLE_MS = 60_000

export type TrainingOutcome =
  | { kind: 'trained'; parameters: number[]; before: Scores; after: Scores }
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: string }

export interface TrainingRun {
  outcome: Promise<TrainingOutcome>
  cancel(): void
}

let warm: { worker: Worker; idle: NodeJS.Timeout | null } | null = null
let nextRunId = 1

function workerForRun(): Worker {
  if (warm) {
    if (warm.idle) clearTimeout(warm.idle)
    warm.idle = null
    return warm.worker
  }
  const worker = new Worker(TRAIN_WORKER_PATH)
  // A warm worker never keeps the process alive (tests, scripts, a server shutting down).
  worker.unref()
  const entry = { worker, idle: null as NodeJS.Timeout | null }
  worker.on('exit', () => {
    if (warm === entry) warm = null
  })
  warm = entry
  return worker
}

function release(worker: Worker, healthy: boolean) {
  if (!warm || warm.worker !== worker) return
  if (!healthy) {
    warm = null
    void worker.terminate()
    return
  }
  warm.idle = setTimeout(() => {
    if (warm?.worker === worker) warm = null
    void worker.terminate()
  }, IDLE_MS)
  warm.idle.unref()
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
  const worker = workerForRun()
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
    else if (message.type === 'done' && cancelRequested) finish({ kind: 'cancelled' }, true)
    else if (message.type === 'done')
      finish(
        { kind: 'trained', parameters: message.parameters, before: message.before, after: message.after },
        true,
      )
    else if (message.type === 'cancelled') finish({ kind: 'cancelled' }, true)
    else finish({ kind: 'failed', message: message.message }, true)
  }
  const onError = (error: Error) => finish({ kind: 'failed', message: error.message }, false)
  const onExit = (code: number) =>
    finish({ kind: 'failed', message: `the training worker exited (${code})` }, false)
  const finish = (result: TrainingOutcome, healthy: boolean) => {
    if (settled) return
    settled = true
    clearTimeout(deadline)
    worker.off('message', onMessage)
    worker.off('error', onError)
    worker.off('exit', onExit)
    release(worker, healthy)
    settle(result)
  }
  const deadline = setTimeout(
    () => finish({ kind: 'failed', message: `training took longer than ${deadlineMs / 1000} s` }, false),
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
      // fsrs-rs stops at its next progress report; a worker that does not answer soon is ended.
      setTimeout(() => finish({ kind: 'cancelled' }, false), 2_000).unref()
    },
  }
}
