// What the sync status region says (pure; status-text.test.ts).
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many)

export function syncStatusText(
  pending: number,
  online: boolean,
  syncedThisVisit: boolean,
  clockSkewMs: number | null = null,
): string {
  const base = queueText(pending, online, syncedThisVisit)
  if (clockSkewMs === null) return base
  const clock = `device clock ${clockSkewText(clockSkewMs)}`
  return base ? `${base} · ${clock}` : `D${clock.slice(1)}`
}

function queueText(pending: number, online: boolean, syncedThisVisit: boolean): string {
  if (!online) return `Offline — ${pending} ${plural(pending, 'grade', 'grades')} waiting to sync`
  if (pending > 0) return `Syncing ${pending} ${plural(pending, 'grade', 'grades')}…`
  return syncedThisVisit ? 'All grades synced' : ''
}

export function deletedCardText(n: number): string {
  return n === 1 ? '1 grade was for a card you deleted' : `${n} grades were for cards you deleted`
}

/** Refused for good (a queue older than 30 days, a malformed grade): dropped from the queue. */
export function refusedGradeText(n: number): string {
  return n === 1
    ? '1 grade could not be recorded and was dropped'
    : `${n} grades could not be recorded and were dropped`
}

/** "16 hours behind", "12 minutes ahead", "3 days behind" (skew: device minus server). */
export function clockSkewText(skewMs: number): string {
  const minutes = Math.round(Math.abs(skewMs) / 60_000)
  const hours = Math.round(minutes / 60)
  const days = Math.round(hours / 24)
  const size =
    minutes < 60
      ? `${minutes} ${plural(minutes, 'minute', 'minutes')}`
      : hours < 48
        ? `${hours} ${plural(hours, 'hour', 'hours')}`
        : `${days} ${plural(days, 'day', 'days')}`
  return `${size} ${skewMs < 0 ? 'behind' : 'ahead'}`
}

/** What /review says once about a device clock that is off. */
export function clockNoticeText(skewMs: number): string {
  return `Your device's clock is ${clockSkewText(skewMs)}; Drill uses its own time for your reviews`
}
