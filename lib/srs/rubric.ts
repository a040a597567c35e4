// The five-point self-grade: which points the learner said → a suggested rating.
// The learner may always choose another; this is only the default.
import type { StudyCard } from './study-card'

/** ts-fsrs' Rating numbers (kept here so client code need not bundle the scheduler). */
export const Rating = { Again: 1, Hard: 2, Good: 3, Easy: 4 } as const

export interface RubricPoint {
  id: string
  critical: boolean
}

export type GradeRating = (typeof Rating)[keyof typeof Rating]

export const RATINGS: readonly GradeRating[] = [Rating.Again, Rating.Hard, Rating.Good, Rating.Easy]

export const RATING_NAMES: Record<GradeRating, 'Again' | 'Hard' | 'Good' | 'Easy'> = {
  [Rating.Again]: 'Again',
  [Rating.Hard]: 'Hard',
  [Rating.Good]: 'Good',
  [Rating.Easy]: 'Easy',
}

/**
 * The critical point missed → Again (the answer would fail the interview however
 * good the rest was); every point → Good; one ordinary point missed → Hard; two or
 * more → Again. Easy is never suggested: it means "too easy", which ticks cannot tell.
 */
export function suggestRating(points: readonly RubricPoint[], tickedIds: ReadonlySet<string>): GradeRating {
  const missed = points.filter((point) => !tickedIds.has(point.id))
  if (missed.some((point) => point.critical)) return Rating.Again
  if (missed.length === 0) return Rating.Good
  if (missed.length === 1) return Rating.Hard
  return Rating.Again
}

/**
 * How a kind of card turns the points ticked into a suggested rating. Each deck source
 * supplies one (the rubric below for recall cards; drills count wrong answers), so the
 * study rules never ask what kind a card is — as ts-fsrs takes its strategies from outside.
 */
export type SuggestRating = (card: StudyCard, tickedIds: ReadonlySet<string>) => GradeRating

/** Recall cards (built-in and own): the rubric over the card's points. */
export const suggestRecallRating: SuggestRating = (card, tickedIds) => suggestRating(card.points, tickedIds)
