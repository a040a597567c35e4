import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { propertySeed, seedLabel } from '@/tests/property-seed'
import {
  formatInstant,
  type StudyDayConfig,
  sameZone,
  studyDateFromNumber,
  studyDateOf,
  studyDayBounds,
  studyDayNumberOf,
  toStudyTimeMs,
  zoneOffsetMs,
} from './calendar'

const H = 3_600_000
const at = (iso: string) => Date.parse(iso)
const berlin: StudyDayConfig = { timezone: 'Europe/Berlin', rolloverHour: 4 }

describe('study day boundaries at the rollover hour', () => {
  test('a millisecond before 04:00 local still belongs to the previous study day', () => {
    // 2026-03-10 04:00 CET = 03:00Z
    expect(studyDateOf(at('2026-03-10T02:59:59.999Z'), berlin)).toEqual({ year: 2026, month: 3, day: 9 })
    expect(studyDateOf(at('2026-03-10T03:00:00.000Z'), berlin)).toEqual({ year: 2026, month: 3, day: 10 })
  })

  test('past midnight is still "today" until the rollover', () => {
    const bounds = studyDayBounds(at('2026-03-10T23:30:00Z'), berlin) // 00:30 on the 11th, Berlin
    expect(new Date(bounds.startMs).toISOString()).toBe('2026-03-10T03:00:00.000Z')
    expect(new Date(bounds.endMs).toISOString()).toBe('2026-03-11T03:00:00.000Z')
  })

  test('rollover hour 0 is plain local midnight', () => {
    const bounds = studyDayBounds(at('2026-03-10T12:00:00Z'), { timezone: 'Europe/Berlin', rolloverHour: 0 })
    expect(new Date(bounds.startMs).toISOString()).toBe('2026-03-09T23:00:00.000Z')
  })

  test('rollover hour 23 starts the study day the evening before', () => {
    const config = { timezone: 'UTC', rolloverHour: 23 }
    expect(studyDateOf(at('2026-03-10T22:59:00Z'), config)).toEqual({ year: 2026, month: 3, day: 9 })
    expect(studyDateOf(at('2026-03-10T23:00:00Z'), config)).toEqual({ year: 2026, month: 3, day: 10 })
  })
})

describe('time zones', () => {
  test('Tokyo (UTC+9): the study day starts at 19:00Z the day before', () => {
    const tokyo = { timezone: 'Asia/Tokyo', rolloverHour: 4 }
    expect(studyDateOf(at('2026-03-09T18:59:00Z'), tokyo)).toEqual({ year: 2026, month: 3, day: 9 })
    expect(studyDateOf(at('2026-03-09T19:00:00Z'), tokyo)).toEqual({ year: 2026, month: 3, day: 10 })
  })

  test('Kolkata (UTC+5:30): half-hour offsets', () => {
    const bounds = studyDayBounds(at('2026-03-10T12:00:00Z'), { timezone: 'Asia/Kolkata', rolloverHour: 4 })
    expect(new Date(bounds.startMs).toISOString()).toBe('2026-03-09T22:30:00.000Z')
  })

  test('the same instant is a different study day in Los Angeles and Berlin', () => {
    const instant = at('2026-03-10T06:00:00Z') // 07:00 Berlin, 23:00 the day before in LA
    expect(studyDateOf(instant, berlin).day).toBe(10)
    expect(studyDateOf(instant, { timezone: 'America/Los_Angeles', rolloverHour: 4 }).day).toBe(9)
  })
})

describe('one zone under two names', () => {
  test('Etc/UTC is UTC, and Asia/Calcutta is Asia/Kolkata', () => {
    expect(sameZone('Etc/UTC', 'UTC')).toBe(true)
    expect(sameZone('Asia/Calcutta', 'Asia/Kolkata')).toBe(true)
    expect(sameZone('Europe/Berlin', 'Europe/Berlin')).toBe(true)
  })

  test('other zones, unknown names and no zone at all are not the same', () => {
    expect(sameZone('Europe/Berlin', 'UTC')).toBe(false)
    expect(sameZone('Europe/Berlin', 'Mars/Olympus')).toBe(false)
    expect(sameZone('UTC', undefined)).toBe(false)
    expect(sameZone(undefined, 'UTC')).toBe(false)
  })
})

describe('daylight saving changes', () => {
  test('Berlin spring forward: the study day before the change is 23 hours long', () => {
    const day = studyDayBounds(at('2026-03-28T12:00:00Z'), berlin)
    expect(new Date(day.startMs).toISOString()).toBe('2026-03-28T03:00:00.000Z') // 04:00 CET
    expect(new Date(day.endMs).toISOString()).toBe('2026-03-29T02:00:00.000Z') // 04:00 CEST
    expect(day.endMs - day.startMs).toBe(23 * H)
  })

  test('Berlin fall back: the study day before the change is 25 hours long', () => {
    const day = studyDayBounds(at('2026-10-24T12:00:00Z'), berlin)
    expect(new Date(day.startMs).toISOString()).toBe('2026-10-24T02:00:00.000Z') // 04:00 CEST
    expect(new Date(day.endMs).toISOString()).toBe('2026-10-25T03:00:00.000Z') // 04:00 CET
    expect(day.endMs - day.startMs).toBe(25 * H)
  })

  test('a rollover hour skipped by the jump starts the day at the first instant after the gap', () => {
    const config = { timezone: 'Europe/Berlin', rolloverHour: 2 }
    const day = studyDayBounds(at('2026-03-29T12:00:00Z'), config)
    expect(new Date(day.startMs).toISOString()).toBe('2026-03-29T01:00:00.000Z') // 03:00 CEST
  })

  test('a rollover hour that happens twice starts the day at its first occurrence', () => {
    const config = { timezone: 'Europe/Berlin', rolloverHour: 2 }
    const day = studyDayBounds(at('2026-10-25T12:00:00Z'), config)
    expect(new Date(day.startMs).toISOString()).toBe('2026-10-25T00:00:00.000Z') // 02:00 CEST
  })

  test('Los Angeles spring forward moves the UTC start by an hour', () => {
    const la = { timezone: 'America/Los_Angeles', rolloverHour: 4 }
    expect(new Date(studyDayBounds(at('2026-03-07T20:00:00Z'), la).startMs).toISOString()).toBe(
      '2026-03-07T12:00:00.000Z',
    )
    expect(new Date(studyDayBounds(at('2026-03-08T20:00:00Z'), la).startMs).toISOString()).toBe(
      '2026-03-08T11:00:00.000Z',
    )
  })
})

describe('properties over random instants, zones and rollover hours', () => {
  const zones = [
    'UTC',
    'Europe/Berlin',
    'America/Los_Angeles',
    'Asia/Tokyo',
    'Asia/Kolkata',
    'Australia/Lord_Howe',
    'America/Santiago',
    'Pacific/Kiritimati',
  ]
  const seed = propertySeed(20261130)
  const arbitraries = [
    fc.integer({ min: at('2020-01-01T00:00:00Z'), max: at('2035-01-01T00:00:00Z') }),
    fc.constantFrom(...zones),
    fc.integer({ min: 0, max: 23 }),
  ] as const

  test(`an instant lies inside its own study day, which is 22.5–25.5 hours long and followed by the next ${seedLabel(seed)}`, () => {
    fc.assert(
      fc.property(...arbitraries, (instantMs, timezone, rolloverHour) => {
        const config = { timezone, rolloverHour }
        const day = studyDayBounds(instantMs, config)
        expect(day.startMs).toBeLessThanOrEqual(instantMs)
        expect(instantMs).toBeLessThan(day.endMs)
        expect(day.endMs - day.startMs).toBeGreaterThanOrEqual(22.5 * H)
        expect(day.endMs - day.startMs).toBeLessThanOrEqual(25.5 * H)
        expect(studyDayNumberOf(day.startMs, config)).toBe(day.dayNumber)
        expect(studyDayNumberOf(day.endMs, config)).toBe(day.dayNumber + 1)
        expect(studyDayNumberOf(day.startMs - 1, config)).toBe(day.dayNumber - 1)
      }),
      { seed, numRuns: 2000 },
    )
  })

  test(`on the scheduler time line, the UTC date is the study date ${seedLabel(seed)}`, () => {
    fc.assert(
      fc.property(...arbitraries, (instantMs, timezone, rolloverHour) => {
        const config = { timezone, rolloverHour }
        const studyTime = new Date(toStudyTimeMs(instantMs, config))
        expect({
          year: studyTime.getUTCFullYear(),
          month: studyTime.getUTCMonth() + 1,
          day: studyTime.getUTCDate(),
        }).toEqual(studyDateFromNumber(studyDayNumberOf(instantMs, config)))
      }),
      { seed, numRuns: 2000 },
    )
  })
})

describe('zone offsets, remembered per quarter hour', () => {
  const seed = propertySeed(20261204)
  const intlOffset = (instantMs: number, timeZone: string) => {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(instantMs)
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0)
    const wholeSecondsMs = instantMs - (((instantMs % 1000) + 1000) % 1000)
    return (
      Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) -
      wholeSecondsMs
    )
  }

  test(`equal Intl's, DST switches and odd historic offsets included ${seedLabel(seed)}`, () => {
    const zones = [
      'Europe/Berlin',
      'America/New_York',
      'Australia/Lord_Howe',
      'Africa/Monrovia',
      'Asia/Kathmandu',
    ]
    fc.assert(
      fc.property(
        fc.integer({ min: at('1960-01-01T00:00:00Z'), max: at('2035-01-01T00:00:00Z') }),
        fc.constantFrom(...zones),
        (instantMs, timezone) => {
          expect(zoneOffsetMs(instantMs, timezone)).toBe(intlOffset(instantMs, timezone))
        },
      ),
      { seed, numRuns: 3000 },
    )
    // Around a switch, second by second: Berlin 2026-03-29 01:00Z, Monrovia 1972-01-07 00:44:30Z.
    for (const [timezone, iso] of [
      ['Europe/Berlin', '2026-03-29T01:00:00Z'],
      ['Africa/Monrovia', '1972-01-07T00:44:30Z'],
    ] as const)
      for (let s = -120; s <= 120; s++) {
        const instantMs = at(iso) + s * 1000
        expect(zoneOffsetMs(instantMs, timezone)).toBe(intlOffset(instantMs, timezone))
      }
  })
})

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
