// The study day: a calendar day in the learner's time zone that starts at the
// rollover hour (default 4 am), so a session past midnight still counts as
// "today". Pure: every function takes the instant and the zone; uses only the
// platform's Intl for zone rules (DST included).

const HOUR_MS = 3_600_000
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

const formatterCache = new Map<string, Intl.DateTimeFormat>()

function partsFormatter(timezone: string): Intl.DateTimeFormat {
  let formatter = formatterCache.get(timezone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatterCache.set(timezone, formatter)
  }
  return formatter
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

// Offsets per zone and UTC hour, once known. An hour whose first and last second share an
// offset has it throughout: zones change offset at most once in any hour (tzdata has never
// had two transitions an hour apart). The stats page asks for thousands of instants; Intl
// answers one in microseconds, a Map in nanoseconds.
const offsetsByZone = new Map<string, Map<number, number>>()
const MAX_KEPT_HOURS = 100_000

/** The zone's offset from UTC at that instant, in ms (Berlin in summer: +7_200_000). */
export function zoneOffsetMs(instantMs: number, timezone: string): number {
  const hour = Math.floor(instantMs / HOUR_MS)
  let offsets = offsetsByZone.get(timezone)
  const kept = offsets?.get(hour)
  if (kept !== undefined) return kept
  const first = exactZoneOffsetMs(hour * HOUR_MS, timezone)
  if (first !== exactZoneOffsetMs((hour + 1) * HOUR_MS - 1000, timezone))
    return exactZoneOffsetMs(instantMs, timezone)
  if (!offsets) {
    offsets = new Map()
    offsetsByZone.set(timezone, offsets)
  }
  if (offsets.size >= MAX_KEPT_HOURS) offsets.clear()
  offsets.set(hour, first)
  return first
}

function exactZoneOffsetMs(instantMs: number, timezone: string): number {
  const parts = partsFormatter(timezone).formatToParts(new Date(instantMs))
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'))
  const wholeSecondsMs = instantMs - (((instantMs % 1000) + 1000) % 1000)
  return asUtc - wholeSecondsMs
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
  const local = new Date(instantMs + zoneOffsetMs(instantMs, config.timezone))
  let dayNumber = Math.floor(local.getTime() / DAY_MS)
  if (local.getUTCHours() < config.rolloverHour) dayNumber -= 1
  return studyDateFromNumber(dayNumber)
}

/** `studyDayNumber(studyDateOf(…))` in plain arithmetic: the stats page asks it for every review. */
export function studyDayNumberOf(instantMs: number, config: StudyDayConfig): number {
  const localMs = instantMs + zoneOffsetMs(instantMs, config.timezone)
  const dayNumber = Math.floor(localMs / DAY_MS)
  const hour = Math.floor((localMs - dayNumber * DAY_MS) / HOUR_MS)
  return hour < config.rolloverHour ? dayNumber - 1 : dayNumber
}

/** The first instant of a study day (its rollover on its own date). */
export function startOfStudyDayNumberMs(dayNumber: number, config: StudyDayConfig): number {
  return zonedWallTimeToMs(studyDateFromNumber(dayNumber), config.rolloverHour, config.timezone)
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
