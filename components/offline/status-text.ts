// What the sync status region says (pure; status-text.test.ts).
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many)

export function syncStatusText(pending: number, online: boolean, syncedThisVisit: boolean): string {
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
