// The live clock. The engine never reads the wall clock itself: the live driver
// passes this, the simulator passes its virtual clock.
import type { Clock } from './types'

export const systemClock: Clock = {
  nowMs: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}
