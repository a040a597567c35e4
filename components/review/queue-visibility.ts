// Which cards of a rendered review queue the device has graded since that render: pure, so
// the rule is tested without a browser (queue-visibility.test.ts).
import type { QueuedGrade } from '@/components/offline/grade-store'

export interface RenderedCard {
  cardId: string
  /** The card's latest review log when the page was rendered (null: none yet). */
  lastReviewId: number | null
}

/** Cards graded on this device that this copy of the page does not know about yet. */
export function hiddenCardIds(
  grades: readonly QueuedGrade[],
  items: readonly RenderedCard[],
  isHeld: (key: string) => boolean = () => false,
): Set<string> {
  const lastLogOf = new Map(items.map((item) => [item.cardId, item.lastReviewId ?? 0]))
  return new Set(
    grades
      .filter(
        (g) =>
          (g.status === 'pending' && !isHeld(g.key)) ||
          (g.status === 'synced' && g.logId !== undefined && g.logId > (lastLogOf.get(g.body.cardId) ?? 0)),
      )
      .map((g) => g.body.cardId),
  )
}
