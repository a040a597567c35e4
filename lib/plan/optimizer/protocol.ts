// Messages between the server and the training worker (train-worker.mjs). Plain
// data only: FSRS items cross the thread boundary as numbers and are built there.
import type { TrainingItem } from './items'

export interface Scores {
  logLoss: number
  rmseBins: number
}

export type ToWorker =
  | { type: 'train'; items: readonly TrainingItem[]; current: readonly number[]; enableShortTerm: boolean }
  | { type: 'cancel' }

export type FromWorker =
  | { type: 'progress'; current: number; total: number }
  | { type: 'done'; parameters: number[]; before: Scores; after: Scores }
  | { type: 'cancelled' }
  | { type: 'failed'; message: string }
