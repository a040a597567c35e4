// The calendar, in one place: the units of time (HOUR_MS, DAY_MS), the study day and its
// arithmetic, calendar dates ('YYYY-MM-DD') and the one wording of a moment shown to a learner.
//
// The study day: a calendar day in the learner's time zone that starts at the rollover hour
// (default 4 am), so a session past midnight still counts as "today". Study days are counted as
// day numbers (whole days since 1970-01-01 of the study date), so stepping a week is arithmetic.
//
// A leaf on purpose: pure (every function takes the instant and the zone), no imports, only the
// platform's Intl for zone rules (DST included) — so the engine, the study rules and the browser
// all take their time from here.

export const MINUTE_MS = 60_000
export const HOUR_MS = 60 * MINUTE_MS
/** One UTC calendar day: study-day numbers count whole UTC days (a study day itself may be 23 or 25 h). */
export const DAY_MS = 24 * HOUR_MS

export interface StudyDayConfig {
  /** IANA zone, e.g. 'Europe/Berlin'. */
  timezone: string
  /** Local hour (0–23) at which one study day ends and the next begins. */
  rolloverHour: number
}

/** A study day as a plain calendar date (the local date on which it starts). */
export interface StudyDate {
  year: number
  month: number
  day: number
}

/** One Intl formatter per zone and use: building one costs far more than formatting with it. */
function formatterFor(
  cache: Map<string, Intl.DateTimeFormat>,
  timezone: string,
  make: (timeZone: string) => Intl.DateTimeFormat,
): Intl.DateTimeFormat {
  let formatter = cache.get(timezone)
  if (!formatter) {
    formatter = make(timezone)
    cache.set(timezone, formatter)
  }
  return formatter
}

const partsFormatters = new Map<string, Intl.DateTimeFormat>()

function partsFormatter(timezone: string): Intl.DateTimeFormat {
  return formatterFor(
    partsFormatters,
    timezone,
    (timeZone) =>
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  )
}

/** True when the platform knows this IANA zone. */
export function isValidTimezone(timezone: string): boolean {
  try {
    partsFormatter(timezone)
    return true
  } catch {
    return false
  }
}

/** One zone under two names (Etc/UTC and UTC) draws the same times; false for anything unknown. */
export function sameZone(zone: unknown, other: unknown): boolean {
  if (typeof zone !== 'string' || typeof other !== 'string') return false
  try {
    return (
      partsFormatter(zone).resolvedOptions().timeZone === partsFormatter(other).resolvedOptions().timeZone
    )
  } catch {
    return false
  }
}

function zoneOffsetFromIntl(instantMs: number, timezone: string): number {
  const parts = partsFormatter(timezone).formatToParts(new Date(instantMs))
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  const wholeSecondsMs = instantMs - (((instantMs % 1000) + 1000) % 1000)
  return asUtc - wholeSecondsMs
}

// Intl's formatToParts costs microseconds and a schedule takes a dozen offsets, so
// offsets are remembered per zone and 15-minute slice of time: a slice whose two
// ends agree has one offset throughout (zones change offset at most once in it).
const OFFSET_SLICE_MS = 15 * 60_000
const MAX_SLICES_PER_ZONE = 50_000
const offsetSlices = new Map<string, Map<number, number>>()

/** The zone's offset from UTC at that instant, in ms (Berlin in summer: +7_200_000). */
export function zoneOffsetMs(instantMs: number, timezone: string): number {
  const slice = Math.floor(instantMs / OFFSET_SLICE_MS)
  let slices = offsetSlices.get(timezone)
  const cached = slices?.get(slice)
  if (cached !== undefined) return cached
  const startMs = slice * OFFSET_SLICE_MS
  const offset = zoneOffsetFromIntl(startMs, timezone)
  // A change of offset inside the slice (a DST switch off the quarter hour): ask Intl about this instant.
  if (zoneOffsetFromIntl(startMs + OFFSET_SLICE_MS - 1000, timezone) !== offset)
    return zoneOffsetFromIntl(instantMs, timezone)
  if (!slices) {
    slices = new Map()
    offsetSlices.set(timezone, slices)
  }
  if (slices.size >= MAX_SLICES_PER_ZONE) slices.clear()
  slices.set(slice, offset)
  return offset
}

/**
 * The instant a local wall-clock time happens in the zone. A wall time skipped by a
 * DST jump resolves to the first instant after the gap; a repeated one to its first
 * occurrence.
 */
export function zonedWallTimeToMs(date: StudyDate, hour: number, timezone: string): number {
  const wallAsUtc = Date.UTC(date.year, date.month - 1, date.day, hour)
  const firstGuess = wallAsUtc - zoneOffsetMs(wallAsUtc, timezone)
  const offsetAtGuess = zoneOffsetMs(firstGuess, timezone)
  const secondGuess = wallAsUtc - offsetAtGuess
  // Repeated hour (fall back): prefer the earlier of the two instants that show this wall time.
  const earlier = wallAsUtc - zoneOffsetMs(secondGuess - HOUR_MS, timezone)
  if (earlier < secondGuess && earlier + zoneOffsetMs(earlier, timezone) === wallAsUtc) return earlier
  return secondGuess
}

/** Whole days since 1970-01-01 for a calendar date; lets study days be compared and counted. */
export function studyDayNumber(date: StudyDate): number {
  return Math.round(Date.UTC(date.year, date.month - 1, date.day) / DAY_MS)
}

export function studyDateFromNumber(dayNumber: number): StudyDate {
  const d = new Date(dayNumber * DAY_MS)
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
}

/** The study day an instant belongs to. */
export function studyDateOf(instantMs: number, config: StudyDayConfig): StudyDate {
  return studyDateFromNumber(studyDayNumberOf(instantMs, config))
}

export function studyDayNumberOf(instantMs: number, config: StudyDayConfig): number {
  const localMs = instantMs + zoneOffsetMs(instantMs, config.timezone)
  const dayNumber = Math.floor(localMs / DAY_MS)
  // Before the rollover hour, local time still belongs to the previous study day.
  return localMs - dayNumber * DAY_MS < config.rolloverHour * HOUR_MS ? dayNumber - 1 : dayNumber
}

/** The first instant of a study day (its rollover on its own date). */
const dayStarts = new Map<string, Map<number, number>>()

export function startOfStudyDayNumberMs(dayNumber: number, config: StudyDayConfig): number {
  // Every schedule asks for a few day starts; the answer for a (zone, hour, day) never changes.
  let starts = dayStarts.get(config.timezone)
  if (!starts) {
    starts = new Map()
    dayStarts.set(config.timezone, starts)
  }
  const key = dayNumber * 24 + config.rolloverHour
  let startMs = starts.get(key)
  if (startMs === undefined) {
    startMs = zonedWallTimeToMs(studyDateFromNumber(dayNumber), config.rolloverHour, config.timezone)
    if (starts.size >= 100_000) starts.clear()
    starts.set(key, startMs)
  }
  return startMs
}

export interface StudyDayBounds {
  dayNumber: number
  startMs: number
  /** Exclusive: the start of the next study day. */
  endMs: number
}

export function studyDayBounds(instantMs: number, config: StudyDayConfig): StudyDayBounds {
  const dayNumber = studyDayNumberOf(instantMs, config)
  return {
    dayNumber,
    startMs: startOfStudyDayNumberMs(dayNumber, config),
    endMs: startOfStudyDayNumberMs(dayNumber + 1, config),
  }
}

/**
 * A time line on which each study day is one UTC calendar day: ts-fsrs counts
 * elapsed days by UTC dates, so feeding it this time makes "days" mean study days.
 */
export function toStudyTimeMs(instantMs: number, config: StudyDayConfig): number {
  return instantMs + zoneOffsetMs(instantMs, config.timezone) - config.rolloverHour * HOUR_MS
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/

/** 'YYYY-MM-DD' → its study-day number, or null when it is not a real calendar date. */
export function isoDateDayNumber(text: string): number | null {
  const match = isoDate.exec(text)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const ms = Date.UTC(year, month - 1, day)
  const back = new Date(ms)
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day)
    return null
  return Math.round(ms / DAY_MS)
}

/** A study-day number → 'YYYY-MM-DD'. */
export function dayNumberIsoDate(dayNumber: number): string {
  return new Date(dayNumber * DAY_MS).toISOString().slice(0, 10)
}

/** The UTC calendar date of an instant, 'YYYY-MM-DD' (a download's file name). */
export function utcIsoDate(instantMs: number): string {
  return new Date(instantMs).toISOString().slice(0, 10)
}

/** The same calendar day `years` on (29 Feb → 1 Mar), as a day number. */
export function sameDayYearsAfter(dayNumber: number, years: number): number {
  const date = new Date(dayNumber * DAY_MS)
  return Math.round(Date.UTC(date.getUTCFullYear() + years, date.getUTCMonth(), date.getUTCDate()) / DAY_MS)
}

const instantFormatters = new Map<string, Intl.DateTimeFormat>()

/** "Wed, 11 Mar 2026, 04:00 CET": the one wording of a moment (review, mock, home, settings, stats). */
export function formatInstant(instantMs: number, timezone: string): string {
  const formatter = formatterFor(
    instantFormatters,
    timezone,
    (timeZone) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZoneName: 'short',
      }),
  )
  return formatter.format(new Date(instantMs))
}
