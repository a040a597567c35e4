// Times shown to the learner, in their zone, by the platform's Intl.

const formatters = new Map<string, Intl.DateTimeFormat>()

/** "Wed, 11 Mar 2026, 04:00 CET": the one wording of a moment (review, mock, home, settings, stats). */
export function formatInstant(instantMs: number, timezone: string): string {
  let formatter = formatters.get(timezone)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone: timezone,
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZoneName: 'short',
    })
    formatters.set(timezone, formatter)
  }
  return formatter.format(new Date(instantMs))
}
