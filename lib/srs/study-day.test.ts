import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { propertySeed, seedLabel } from '@/tests/property-seed'
import {
  type StudyDayConfig,
  studyDateFromNumber,
  studyDateOf,
  studyDayBounds,
  studyDayNumberOf,
  toStudyTimeMs,
  zoneOffsetMs,
} from './study-day'

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

describe('zoneOffsetMs, kept per hour', () => {
  test('agrees with Intl on every minute around a DST change, whatever was asked first', () => {
    // Berlin springs forward at 01:00 UTC on 29 Mar 2026 and falls back at 01:00 UTC on 25 Oct 2026.
    for (const change of [Date.UTC(2026, 2, 29, 1), Date.UTC(2026, 9, 25, 1)]) {
      const offsets: number[] = []
      for (let m = -90; m <= 90; m++) offsets.push(zoneOffsetMs(change + m * 60_000, 'Europe/Berlin'))
      for (let m = 90; m >= -90; m--)
        expect(zoneOffsetMs(change + m * 60_000, 'Europe/Berlin')).toBe(offsets[m + 90])
      expect(new Set(offsets).size).toBe(2)
    }
    // India's half-hour offset, Lord Howe's half-hour DST (changes at 15:00 UTC).
    expect(zoneOffsetMs(Date.UTC(2026, 5, 1, 12, 17), 'Asia/Kolkata')).toBe(5.5 * 3_600_000)
    expect(zoneOffsetMs(Date.UTC(2026, 3, 4, 14, 59), 'Australia/Lord_Howe')).toBe(11 * 3_600_000)
    expect(zoneOffsetMs(Date.UTC(2026, 3, 4, 15, 1), 'Australia/Lord_Howe')).toBe(10.5 * 3_600_000)
  })
})

describe('studyDayNumberOf', () => {
  const seed = propertySeed(20261201)
  test(`is the day number of studyDateOf, for any instant, zone and rollover ${seedLabel(seed)}`, () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/New_York',
      'Asia/Kolkata',
      'Australia/Lord_Howe',
      'Pacific/Chatham',
    ]
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) }),
        fc.constantFrom(...zones),
        fc.integer({ min: 0, max: 23 }),
        (instantMs, timezone, rolloverHour) => {
          const config = { timezone, rolloverHour }
          const date = studyDateOf(instantMs, config)
          expect(studyDateFromNumber(studyDayNumberOf(instantMs, config))).toEqual(date)
        },
      ),
      { seed, numRuns: 2000 },
    )
  })
})
