// Fake timers, so the test says what the clock does without depending on how busy
// the machine is: a positive sleep waits on a real timer for exactly that long, a
// zero sleep uses no timer at all (it only yields to the event loop).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { liveClock } from './clock'

afterEach(() => {
  vi.useRealTimers()
})

describe('liveClock', () => {
  it('waits the full time for a positive sleep, on a timer', async () => {
    vi.useFakeTimers()
    let woke = false
    const sleeping = liveClock.sleep(20).then(() => {
      woke = true
    })
    await vi.advanceTimersByTimeAsync(19)
    expect(woke).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await sleeping
    expect(woke).toBe(true)
  })

  it('only yields for a zero sleep: no timer, so no 1 ms floor', async () => {
    // setTimeout is faked and never advanced: a sleep(0) that used it would never resolve.
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    for (let i = 0; i < 200; i++) await liveClock.sleep(0)
    expect(vi.getTimerCount()).toBe(0)
  })

  it('reads the wall clock for now', () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 30, 9) })
    expect(liveClock.nowMs()).toBe(Date.UTC(2026, 10, 30, 9))
  })
})
