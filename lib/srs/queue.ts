// The study day's queue as rules over the learner's rows: due cards first (earliest
// first, within the review limit), then new cards in deck order (within the new-card
// limit), then a same-day step due soon (learn-ahead). Pure: the caller reads the rows
// and passes `now`.
import type { StudySettings } from './settings'
import type { StudyCard } from './study-card'

/** With same-day steps on, a step due within this window may be shown early (Anki's learn-ahead). */
export const LEARN_AHEAD_MS = 20 * 60_000

export interface DueRow {
  cardId: string
  dueMs: number
}

/** What the queue reads about one learner for this study day. */
export interface StudyDayRows {
  /** Card states due before the end of this study day, earliest first (any deck). */
  dueRows: readonly DueRow[]
  /** Every card the learner has a state for. */
  seenCardIds: ReadonlySet<string>
  /** Reviews logged this study day, and how many of them were a card's first. */
  reviewsToday: { reviews: number; newCards: number }
}

export interface QueueCounts {
  /** Cards with a state due before the end of this study day (within the review limit). */
  dueNow: number
  /** New cards that may still be started today. */
  newAvailable: number
  reviewsToday: number
  newToday: number
  dueTotal: number
  newTotal: number
}

export interface StudyQueue<C extends StudyCard> {
  inDeck: ReadonlyMap<string, C>
  dueNowRows: DueRow[]
  aheadRows: DueRow[]
  laterTodayRows: DueRow[]
  newCards: C[]
  counts: QueueCounts
  reviewRoom: number
  newRoom: number
}

export function planStudyQueue<C extends StudyCard>(
  deck: readonly C[],
  rows: StudyDayRows,
  nowMs: number,
  settings: Pick<StudySettings, 'reviewsPerDay' | 'newPerDay'>,
): StudyQueue<C> {
  const inDeck = new Map(deck.map((card) => [card.id, card]))
  const counts = rows.reviewsToday
  const reviewsToday = counts.reviews - counts.newCards
  const dueRows = rows.dueRows.filter((row) => inDeck.has(row.cardId))
  const unseen = deck.filter((card) => !rows.seenCardIds.has(card.id))
  const reviewRoom = Math.max(0, settings.reviewsPerDay - reviewsToday)
  const newRoom = Math.max(0, settings.newPerDay - counts.newCards)
  const dueNowRows = dueRows.filter((row) => row.dueMs <= nowMs).slice(0, reviewRoom)
  // Same-day steps only: a step due later today waits unless it is close (learn-ahead).
  const aheadRows = dueRows.filter((row) => row.dueMs > nowMs && row.dueMs <= nowMs + LEARN_AHEAD_MS)
  const laterTodayRows = dueRows.filter((row) => row.dueMs > nowMs)
  return {
    inDeck,
    dueNowRows,
    aheadRows,
    laterTodayRows,
    newCards: unseen.slice(0, newRoom),
    counts: {
      dueNow: Math.min(dueRows.length, reviewRoom),
      newAvailable: Math.min(unseen.length, newRoom),
      reviewsToday: counts.reviews,
      newToday: counts.newCards,
      dueTotal: dueRows.length,
      newTotal: unseen.length,
    },
    reviewRoom,
    newRoom,
  }
}

/** The card the loop offers now: the earliest due, else the next new one, else a step due soon. */
export function nextCardOf<C extends StudyCard>(queue: StudyQueue<C>): C | undefined {
  const pick = queue.dueNowRows[0]?.cardId ?? queue.newCards[0]?.id ?? queue.aheadRows[0]?.cardId
  return pick === undefined ? undefined : queue.inDeck.get(pick)
}

/** Why nothing is offered although cards wait: a daily limit, or null when nothing waits. */
export function limitReachedOf(queue: StudyQueue<StudyCard>): 'reviews' | 'new' | null {
  if (queue.counts.dueTotal > 0 && queue.reviewRoom === 0) return 'reviews'
  if (queue.counts.newTotal > 0 && queue.newRoom === 0) return 'new'
  return null
}
