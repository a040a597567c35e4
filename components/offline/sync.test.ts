// Goal (issue 45): a flush cut short right after `online` is tried again within 5 s, then
// left to the 30 s timer as before.
import { expect, test } from 'vitest'
import { retrySoonAfter, SYNC_EVERY_MS } from './sync'

test('a flush cut short: tried again twice within 5 s of the cut, then at the timer’s pace', () => {
  const waits: number[] = []
  for (let tries = 0; ; tries++) {
    const waitMs = retrySoonAfter(tries)
    if (waitMs === null) break
    waits.push(waitMs)
  }
  expect(waits.length).toBeGreaterThan(0)
  expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(5_000)
  expect(waits.every((ms) => ms > 0)).toBe(true)
  expect(SYNC_EVERY_MS).toBe(30_000)
})
