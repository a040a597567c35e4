// Messages between the server and the training worker (train-worker.mjs). Plain
// data only: FSRS items cross the thread boundary as numbers and are built there.

export interface Scores {
  logLoss: number
  rmseBins: number
}

/** How often fsrs-rs reports progress (ms). Its answer waits for the next report, so short is faster. */
export const PROGRESS_EVERY_MS = 10

/** Every message names its run: a warm worker serves one run after another. */
export type ToWorker =
  | {
      type: 'train'
      runId: number
      /** The items packed by packItems (items.ts): one transferable buffer instead of thousands of arrays. */
      packed: Float64Array
      current: readonly number[]
      enableShortTerm: boolean
      progressEveryMs: number
    }
  | { type: 'cancel'; runId: number }

export type FromWorker =
  | { type: 'progress'; runId: number; current: number; total: number }
  | { type: 'done'; runId: number; parameters: number[]; before: Scores; after: Scores }
  | { type: 'cancelled'; runId: number }
  | { type: 'failed'; runId: number; message: string }
