// The review queue's order on the device: the page's first card, then the fetched day
// (the day's data shape is lib/review/day-card.ts).
import type { DayItem } from '@/lib/review/day-card'

/**
 * The queue to show: the fetched day (drawn in the stored zone, after the page) from the page's own
 * first card on — cards before it were graded since that copy was fetched (the page, redrawn after a
 * grade, says so; the device may have forgotten the grade already) — with the page's first card in
 * front when the fetched copy lacks it; the page's first card alone until the day arrives.
 */
export function queueItems(first: DayItem, fetched: readonly DayItem[] | null): readonly DayItem[] {
  if (!fetched) return [first]
  const at = fetched.findIndex((item) => item.id === first.id)
  return at === -1 ? [first, ...fetched] : fetched.slice(at)
}
