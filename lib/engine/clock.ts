// The one live clock. The engine never reads the wall clock itself: the live driver
// (lib/live) passes this, the simulator passes its virtual clock.
import type { Clock } from './types'

export const systemClock: Clock = {
  nowMs: () => Date.now(),
  // A zero-length sleep (the simulated provider's default latency) only yields:
  // setTimeout(…, 0) waits for the 1 ms timer floor, which alone cost a create about
  // 1 ms of latency over HTTP.
  sleep: (ms) => new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve))),
}
