// The FSRS optimizer off the request thread. For each 'train' message it builds
// fsrs-rs items from plain numbers, trains (computeParameters) with progress, scores
// the current and the new parameters on the same items (evaluate), and reports. A
// 'cancel' for the run makes the next progress callback return false, which stops
// fsrs-rs ("Interrupted"). One run per worker: after it, the port closes and the
// worker ends once fsrs-rs has let go of the progress callback (never terminated
// from outside; see run-training.ts). Plain JavaScript: the server loads it by path,
// unbundled.
// Messages: lib/plan/optimizer/protocol.ts.
import { parentPort } from 'node:worker_threads'
import { computeParameters, FSRSBinding, FSRSBindingItem, FSRSBindingReview } from './fsrs-rs.mjs'

const cancelledRuns = new Set()

/** Unpacks items.ts packItems: [item count, then per item its review count and (rating, delta) pairs]. */
function toItems(packed) {
  const items = new Array(packed[0])
  let at = 1
  for (let i = 0; i < items.length; i++) {
    const reviews = new Array(packed[at++])
    for (let r = 0; r < reviews.length; r++) {
      reviews[r] = new FSRSBindingReview(packed[at], packed[at + 1])
      at += 2
    }
    items[i] = new FSRSBindingItem(reviews)
  }
  return items
}

function scores(evaluation) {
  return { logLoss: evaluation.logLoss, rmseBins: evaluation.rmseBins }
}

async function train({ runId, packed, current, enableShortTerm, progressEveryMs }) {
  const fsrsItems = toItems(packed)
  const training = computeParameters(fsrsItems, {
    enableShortTerm,
    // How often fsrs-rs reports (protocol.ts PROGRESS_EVERY_MS); it also bounds how long a cancel waits.
    timeout: progressEveryMs,
    progress: (done, total) => {
      parentPort.postMessage({ type: 'progress', runId, current: done, total })
      return !cancelledRuns.has(runId)
    },
  })
  // fsrs-rs trains on its own thread: score the current parameters meanwhile.
  const before = scores(new FSRSBinding(current).evaluate(fsrsItems))
  const parameters = await training
  if (cancelledRuns.has(runId)) return null
  const after = scores(new FSRSBinding(parameters).evaluate(fsrsItems))
  return { parameters, before, after }
}

parentPort.on('message', (message) => {
  if (message.type === 'cancel') {
    cancelledRuns.add(message.runId)
    return
  }
  if (message.type !== 'train') return
  const { runId } = message
  train(message)
    .then(
      (result) =>
        parentPort.postMessage(
          result && !cancelledRuns.has(runId)
            ? { type: 'done', runId, ...result }
            : { type: 'cancelled', runId },
        ),
      (error) =>
        parentPort.postMessage(
          cancelledRuns.has(runId)
            ? { type: 'cancelled', runId }
            : { type: 'failed', runId, message: error instanceof Error ? error.message : String(error) },
        ),
    )
    .finally(() => {
      cancelledRuns.delete(runId)
      parentPort.close()
    })
})
