// The live clock. The engine never reads the wall clock itself: the live driver
// passes this, the simulator passes its virtual clock.
import type { Clock } from './types'

export const systemClock: Clock = {
  nowMs: () => Date.now(),
  // A zero-length sleep only yields (as lib/live/clock.ts does): setTimeout(…, 0) waits
  // for the 1 ms timer floor, a millisecond of latency for nothing.
  sleep: (ms) => new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve))),
}
