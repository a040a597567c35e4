// The live driver's clock: the wall clock and real timers. Unlike a bare
// setTimeout, a zero-length sleep (the simulated provider's default latency) only
// yields to the event loop instead of waiting for the 1 ms timer floor — that floor
// alone cost a create about 1 ms of latency over HTTP.
import type { Clock } from '@/lib/engine'

export const liveClock: Clock = {
  nowMs: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => (ms > 0 ? setTimeout(resolve, ms) : setImmediate(resolve))),
}
