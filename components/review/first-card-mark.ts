// The user timing the review queue sets once per page load, when the first card it shows is
// known to be the right one (the device's grade queue was read, so a card graded offline is not
// it). bench:sync's offline Lighthouse run reads it from the user-timings audit.
export const FIRST_CARD_MARK = 'review:first-card'

/** Sets the mark once per page load. */
export function markFirstCard(): void {
  if (typeof performance === 'undefined' || performance.getEntriesByName(FIRST_CARD_MARK).length > 0) return
  performance.mark(FIRST_CARD_MARK)
}
