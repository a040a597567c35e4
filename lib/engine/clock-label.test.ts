import { describe, expect, it } from 'vitest'
import { clockLabel, clockStartOf } from './clock-label'

describe('clockLabel', () => {
  it('labels virtual time in the scenario clock', () => {
    expect(clockLabel('10:00:00.000', 0)).toBe('10:00:00.000')
    expect(clockLabel('10:00:00.000', 20)).toBe('10:00:00.020')
    expect(clockLabel('10:00:00.000', 2100)).toBe('10:00:02.100')
  })

  it('names the day once a run crosses midnight (24 h expiry)', () => {
    expect(clockLabel('10:00:00.000', 23 * 3_600_000)).toBe('day 2, 09:00:00.000')
    expect(clockLabel('10:00:00.000', 24 * 3_600_000 + 5)).toBe('day 2, 10:00:00.005')
  })

  it("gives a run's clockStart from its start instant (UTC time of day)", () => {
    expect(clockStartOf(Date.parse('2026-11-30T10:00:00.000Z'))).toBe('10:00:00.000')
    expect(clockStartOf(Date.parse('2026-11-30T23:59:59.999Z'))).toBe('23:59:59.999')
  })
})
