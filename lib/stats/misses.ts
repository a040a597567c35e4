// Which points a learner keeps missing, per card, from the ticks in the review
// log. A point counts as asked in a review when it was among the card's points
// then (`pointsAll`), so misses survive later content edits.
import type { StatsCard, StatsReview } from './inputs'

export interface PointMisses {
  pointId: string
  /** The point's text from the deck, or its id when the deck no longer has it. */
  text: string
  critical: boolean
  asked: number
  missed: number
}

export interface CardMisses {
  cardId: string
  title: string
  reviews: number
  /** Most missed first; ties in deck order. */
  points: PointMisses[]
  /** The card's critical point, if it has one. */
  critical: PointMisses | null
}

export function pointMisses(reviews: readonly StatsReview[], cards: readonly StatsCard[]): CardMisses[] {
  const byCard = new Map<string, StatsReview[]>()
  for (const review of reviews) {
    const list = byCard.get(review.cardId)
    if (list) list.push(review)
    else byCard.set(review.cardId, [review])
  }
  const deckOrder = new Map(cards.map((card, index) => [card.id, index]))
  const cardById = new Map(cards.map((card) => [card.id, card]))
  // Reviews of a card mostly share one ticked list (the loader shares equal lists): one set each.
  const tickedSets = new Map<readonly string[], Set<string>>()
  const cardIds = [...byCard.keys()].sort(
    (a, b) =>
      (deckOrder.get(a) ?? Number.MAX_SAFE_INTEGER) - (deckOrder.get(b) ?? Number.MAX_SAFE_INTEGER) ||
      a.localeCompare(b),
  )

  return cardIds.map((cardId) => {
    const cardReviews = byCard.get(cardId) ?? []
    const card = cardById.get(cardId)
    const points = new Map<string, PointMisses>()
    for (const point of card?.points ?? [])
      points.set(point.id, {
        pointId: point.id,
        text: point.text,
        critical: point.critical,
        asked: 0,
        missed: 0,
      })
    for (const review of cardReviews) {
      let ticked = tickedSets.get(review.pointsTicked)
      if (!ticked) {
        ticked = new Set(review.pointsTicked)
        tickedSets.set(review.pointsTicked, ticked)
      }
      for (const pointId of review.pointsAll) {
        let entry = points.get(pointId)
        if (!entry) {
          entry = { pointId, text: pointId, critical: false, asked: 0, missed: 0 }
          points.set(pointId, entry)
        }
        entry.asked++
        if (!ticked.has(pointId)) entry.missed++
      }
    }
    const order = [...points.keys()]
    const sorted = [...points.values()].sort(
      (a, b) => b.missed - a.missed || order.indexOf(a.pointId) - order.indexOf(b.pointId),
    )
    return {
      cardId,
      title: card?.title ?? cardId,
      reviews: cardReviews.length,
      points: sorted,
      critical: sorted.find((p) => p.critical) ?? null,
    }
  })
}

/**
 * The cards a page shows first when there are more than `limit`: those whose most missed
 * point is missed most often (then the most reviewed), kept in deck order.
 */
export function mostMissedCards(misses: readonly CardMisses[], limit: number): CardMisses[] {
  if (misses.length <= limit) return [...misses]
  const score = (card: CardMisses) => card.points[0]?.missed ?? 0
  const chosen = new Set(
    [...misses]
      .sort((a, b) => score(b) - score(a) || b.reviews - a.reviews)
      .slice(0, limit)
      .map((card) => card.cardId),
  )
  return misses.filter((card) => chosen.has(card.cardId))
}
