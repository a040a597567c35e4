import { describe, expect, test } from 'vitest'
import { formatInstant } from './format-time'

describe('formatInstant', () => {
  test('words a moment in the learner’s zone with weekday, date, year, time and zone', () => {
    expect(formatInstant(Date.parse('2026-03-11T03:00:00Z'), 'Europe/Berlin')).toBe(
      'Wed, 11 Mar 2026, 04:00 CET',
    )
  })

  test('follows the zone’s summer time and keeps one formatter per zone apart', () => {
    expect(formatInstant(Date.parse('2026-07-01T02:30:00Z'), 'Europe/Berlin')).toBe(
      'Wed, 1 Jul 2026, 04:30 CEST',
    )
    expect(formatInstant(Date.parse('2026-07-01T02:30:00Z'), 'UTC')).toBe('Wed, 1 Jul 2026, 02:30 UTC')
  })
})
