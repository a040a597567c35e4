import { describe, expect, it } from 'vitest'
import { liveClock } from './clock'

describe('liveClock', () => {
  it('waits real milliseconds for a positive sleep', async () => {
    const started = performance.now()
    await liveClock.sleep(20)
    expect(performance.now() - started).toBeGreaterThanOrEqual(19)
  })

  it('only yields for a zero sleep: many in a row take far less than 1 ms each', async () => {
    const started = performance.now()
    for (let i = 0; i < 200; i++) await liveClock.sleep(0)
    expect(performance.now() - started).toBeLessThan(100)
  })
})
