// The live clock, without depending on how fast this machine is: timers are faked, so
// the test asserts which timer a sleep uses and when it resolves in timer time.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { systemClock } from './clock'

describe('systemClock (the one live clock)', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'setImmediate', 'Date'],
      now: Date.parse('2026-11-30T10:00:00Z'),
    })
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('reads the wall clock', () => {
    expect(systemClock.nowMs()).toBe(Date.parse('2026-11-30T10:00:00Z'))
  })

  it('waits exactly the asked milliseconds for a positive sleep', async () => {
    let done = false
    void systemClock.sleep(20).then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(19)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(done).toBe(true)
  })

  it('only yields for a zero sleep (setImmediate, never the 1 ms timer floor)', async () => {
    const timeout = vi.spyOn(globalThis, 'setTimeout')
    const immediate = vi.spyOn(globalThis, 'setImmediate')
    let done = false
    void systemClock.sleep(0).then(() => {
      done = true
    })
    expect(immediate).toHaveBeenCalledTimes(1)
    expect(timeout).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(0)
    expect(done).toBe(true)
  })
})
