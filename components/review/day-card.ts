// One card of the study day as data: what /review's first card and GET /api/review/day carry
// (serializable, so the page's HTML holds only the first card and the rest arrives as JSON),
// drawn in the browser by DayCardView. Built on the server by app/review/day-data.ts.
import type { DrillQuestionView } from '@/lib/drills/view'
import type { RatingChoice } from './rating-buttons'
import type { SessionPoint } from './review-session'
import { fromSharedRefs, withSharedRefs } from './shared-refs'

export interface RecallCardData {
  kind: 'recall'
  cardId: string
  title: string
  prompt: string
  /** An Anki card's prompt as sanitized HTML (shown instead of `prompt`). */
  promptHtml?: string
  points: SessionPoint[]
  /** The model answer as HTML, sanitized by lib/content/markdown; null: the card has none yet. */
  answerHtml: string | null
  /** A built-in card's timelines, drawn on its page (kept offline with the queue). */
  timelines: { href: string; scenarios: number } | null
  choices: RatingChoice[]
  missedLastTime: string[]
  queueNote: string
  reviewRound: string
  answerTargetMs: number | null
}

export interface DrillCardData {
  kind: 'drill'
  cardId: string
  title: string
  prompt: string
  queueNote: string
  questions: DrillQuestionView[]
  choices: RatingChoice[]
}

export type DayCardData = RecallCardData | DrillCardData

export interface DayItem {
  /** The card and its review round: stays the same across refreshes of the same card. */
  id: string
  cardId: string
  /** The card's latest review log when the data was drawn (null: none yet). */
  lastReviewId: number | null
  title: string
  /** A page to keep for offline use with the queue (a built-in card's page: its timelines). */
  keepOffline: string | null
  card: DayCardData
}

/**
 * GET /api/review/day's body: the day's cards in queue order (none: done for today), each object met
 * more than once (a drill's timeline events) sent once in `refs` and left as `{ "$ref": i }` in
 * `items` (shared-refs.ts; read it back with `dayItemsOf`).
 */
export interface DayQueueBody {
  items: DayItem[]
  refs: unknown[]
}

export function dayQueueBody(items: readonly DayItem[]): DayQueueBody {
  const { refs, root } = withSharedRefs(items)
  return { items: root as DayItem[], refs }
}

export function dayItemsOf(body: DayQueueBody): DayItem[] {
  return fromSharedRefs<DayItem[]>({ refs: body.refs, root: body.items })
}

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
