// The stats words are built from fixed tables (no Intl in the browser): they must read exactly as
// en-GB's Intl words them, for every day of several years (leap days, year ends, each weekday).
import { describe, expect, it } from 'vitest'
import { formatMonth, formatShortDay, formatStudyDay } from './format'

const intl = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', ...options })
const day = intl({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' })
const shortDay = intl({ day: 'numeric', month: 'short' })
const month = intl({ month: 'short' })

describe('stats date words', () => {
  it('match en-GB Intl for every day from 2023 to 2028', () => {
    for (let ms = Date.UTC(2023, 0, 1); ms < Date.UTC(2029, 0, 1); ms += 86_400_000) {
      const date = new Date(ms).toISOString().slice(0, 10)
      expect(formatStudyDay(date)).toBe(day.format(ms))
      expect(formatShortDay(date)).toBe(shortDay.format(ms))
      expect(formatMonth(date)).toBe(month.format(ms))
    }
  })

  it('word a leap day', () => {
    expect(formatStudyDay('2028-02-29')).toBe('Tue, 29 Feb 2028')
    expect(formatShortDay('2028-02-29')).toBe('29 Feb')
  })
})
