// Text for the stats page: dates of study days and shares. Instants are lib/calendar.ts's
// formatInstant, the one way the app words a moment in the learner's zone.
// Worded from fixed English tables, not Intl: the stats and plan pages build the heatmap and the
// tables in the browser too (built-tables.tsx, heatmap-drawing.tsx), and a page's first
// Intl.DateTimeFormat initialises ICU's date data, 50–100 ms of main-thread time on this machine
// (×4 on Lighthouse's phone) while the page hydrates. The same words as en-GB's Intl in Node (format.test.ts;
// CLDR's en-GB says 'Sept'), so the server's HTML and the browser's drawing never differ.
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] as const

/** The UTC calendar date of a study day ('2026-11-30'): study days are calendar dates. */
const utcDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`))

// The heatmap names every day of the last year on each view: each date is worded once per process.
const studyDays = new Map<string, string>()

/** A study day's date ('2026-11-30') → 'Mon, 30 Nov 2026'. */
export function formatStudyDay(date: string): string {
  let worded = studyDays.get(date)
  if (worded === undefined) {
    const day = utcDate(date)
    worded = `${WEEKDAYS[day.getUTCDay()]}, ${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`
    if (studyDays.size >= 4096) studyDays.clear()
    studyDays.set(date, worded)
  }
  return worded
}

/** '2026-11-30' → '30 Nov'. */
export function formatShortDay(date: string): string {
  const day = utcDate(date)
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]}`
}

/** '2026-11-30' → 'Nov'. */
export function formatMonth(date: string): string {
  return MONTHS[utcDate(date).getUTCMonth()] ?? ''
}

export function formatPercent(share: number | null, digits = 0): string {
  return share === null ? '–' : `${(share * 100).toFixed(digits)}%`
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}
