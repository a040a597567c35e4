// One card of the study day as data: what /review's first card and GET /api/review/day carry
// (serializable, so the page's HTML holds only the first card and the rest arrives as JSON),
// built on the server by day-items.ts and drawn in the browser by components/review
// (DayCardView). Client-safe: types, and the body's shared-refs packing, nothing else.
import type { DrillQuestionView } from '@/lib/drills/view'
import type { PointRubric, TaughtPhrase } from '@/lib/grading'
import type { GradeRating } from '@/lib/srs/rubric'
import { fromSharedRefs, withSharedRefs } from './shared-refs'

/** One rating button: Again / Hard / Good / Easy with what it would give. */
export interface RatingChoice {
  rating: GradeRating
  name: 'Again' | 'Hard' | 'Good' | 'Easy'
  /** "1 day", "3 days", "10 minutes" */
  interval: string
  /** When it would be due, in the learner's zone: "Tue, 11 Mar, 04:00" */
  dueLabel: string
}

/** One point the review page checks an answer against. */
export interface SessionPoint {
  id: string
  text: string
  critical: boolean
  cues: readonly string[]
  /** What the grader listens for beyond the cues (built-in cards' rubric, from content/cards). */
  rubric?: PointRubric
}

export interface RecallCardData {
  kind: 'recall'
  cardId: string
  title: string
  prompt: string
  /** An Anki card's prompt as sanitized HTML (shown instead of `prompt`). */
  promptHtml?: string
  points: SessionPoint[]
  /** The learner's phrases that may hear one of these points ("This is where I said it"). */
  taught: TaughtPhrase[]
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
