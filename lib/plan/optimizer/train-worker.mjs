// The FSRS optimizer off the request thread: one worker per run. It builds fsrs-rs
// items from plain numbers, trains (computeParameters) with progress, scores the
// current and the new parameters on the same items (evaluate), and reports. A
// 'cancel' message makes the next progress callback return false, which stops
// fsrs-rs ("Interrupted"). Plain JavaScript: the server loads it by path, unbundled.
// Messages: lib/plan/optimizer/protocol.ts.
import { parentPort } from 'node:worker_threads'
import {
  computeParameters,
  FSRSBinding,
  FSRSBindingItem,
  FSRSBindingReview,
} from '@open-spaced-repetition/binding'

let cancelled = false

function toItems(items) {
  return items.map(
    (reviews) => new FSRSBindingItem(reviews.map(([rating, delta]) => new FSRSBindingReview(rating, delta))),
  )
}

function scores(evaluation) {
  return { logLoss: evaluation.logLoss, rmseBins: evaluation.rmseBins }
}

/** How often fsrs-rs reports progress (ms). Its answer waits for the next report, so short is faster. */
export const PROGRESS_EVERY_MS = 10

async function train({ items, current, enableShortTerm }) {
  const fsrsItems = toItems(items)
  const training = computeParameters(fsrsItems, {
    enableShortTerm,
    timeout: PROGRESS_EVERY_MS,
    progress: (done, total) => {
      parentPort.postMessage({ type: 'progress', current: done, total })
      return !cancelled
    },
  })
  // fsrs-rs trains on its own thread: score the current parameters meanwhile.
  const before = scores(new FSRSBinding(current).evaluate(fsrsItems))
  const parameters = await training
  if (cancelled) return null
  const after = scores(new FSRSBinding(parameters).evaluate(fsrsItems))
  return { parameters, before, after }
}

parentPort.on('message', (message) => {
  if (message.type === 'cancel') {
    cancelled = true
    return
  }
  if (message.type !== 'train') return
  train(message).then(
    (result) =>
      parentPort.postMessage(result && !cancelled ? { type: 'done', ...result } : { type: 'cancelled' }),
    (error) =>
      parentPort.postMessage(
        cancelled
          ? { type: 'cancelled' }
          : { type: 'failed', message: error instanceof Error ? error.message : String(error) },
      ),
  )
})
