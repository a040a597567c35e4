// Text for the stats page: dates of study days and shares. Instants are lib/srs/format-time.ts's
// formatInstant, the one way the app words a moment in the learner's zone.
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
})
const shortDayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short' })
const monthFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'short' })

// The heatmap names every day of the last year on each view: each date is worded once per
// process (Intl formatting is the dear part; Date.parse spares a Date object).
const studyDays = new Map<string, string>()

/** A study day's date ('2026-11-30') → 'Mon 30 Nov 2026'. Study days are calendar dates: shown as UTC. */
export function formatStudyDay(date: string): string {
  let worded = studyDays.get(date)
  if (worded === undefined) {
    worded = dayFormat.format(Date.parse(`${date}T00:00:00Z`))
    if (studyDays.size >= 4096) studyDays.clear()
    studyDays.set(date, worded)
  }
  return worded
}

export function formatShortDay(date: string): string {
  return shortDayFormat.format(Date.parse(`${date}T00:00:00Z`))
}

export function formatMonth(date: string): string {
  return monthFormat.format(Date.parse(`${date}T00:00:00Z`))
}

export function formatPercent(share: number | null, digits = 0): string {
  return share === null ? '–' : `${(share * 100).toFixed(digits)}%`
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}
