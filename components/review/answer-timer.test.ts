import { describe, expect, test } from 'vitest'
import { formatClock, targetNote } from './answer-timer'

describe('the answer timer', () => {
  test('formats elapsed time as m:ss', () => {
    expect(formatClock(0)).toBe('0:00')
    expect(formatClock(1999)).toBe('0:01')
    expect(formatClock(185_000)).toBe('3:05')
  })

  test('shows the target until it is passed, then says so without alarm', () => {
    expect(targetNote(60_000, 180_000)).toBe(' · target 3:00')
    expect(targetNote(180_000, 180_000)).toBe(' · target 3:00')
    const passed = targetNote(181_000, 180_000)
    expect(passed).toBe(' · past the 3:00 target, take the time you need')
    expect(passed).not.toMatch(/!|warning|too long/i)
  })
})
