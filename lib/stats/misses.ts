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

/** Per reviewed card: its reviews, and per point id (in the order first asked) how often asked and missed. */
interface CardCounts {
  reviews: number
  points: Map<string, { asked: number; missed: number }>
}

// The counts depend on the history alone (card texts are joined in afterwards): for a history
// queries.ts keeps (one array per learner while its log's version holds) they are counted once
// per review, not on every view.
const countsByHistory = new WeakMap<readonly StatsReview[], Map<string, CardCounts>>()

function missCounts(reviews: readonly StatsReview[]): Map<string, CardCounts> {
  const kept = countsByHistory.get(reviews)
  if (kept) return kept
  const byCard = new Map<string, CardCounts>()
  // Reviews of a card mostly share one ticked list (the loader shares equal lists): one set each.
  const tickedSets = new Map<readonly string[], Set<string>>()
  for (const review of reviews) {
    let counts = byCard.get(review.cardId)
    if (!counts) {
      counts = { reviews: 0, points: new Map() }
      byCard.set(review.cardId, counts)
    }
    counts.reviews++
    let ticked = tickedSets.get(review.pointsTicked)
    if (!ticked) {
      ticked = new Set(review.pointsTicked)
      tickedSets.set(review.pointsTicked, ticked)
    }
    for (const pointId of review.pointsAll) {
      let point = counts.points.get(pointId)
      if (!point) {
        point = { asked: 0, missed: 0 }
        counts.points.set(pointId, point)
      }
      point.asked++
      if (!ticked.has(pointId)) point.missed++
    }
  }
  countsByHistory.set(reviews, byCard)
  return byCard
}

export function pointMisses(reviews: readonly StatsReview[], cards: readonly StatsCard[]): CardMisses[] {
  const byCard = missCounts(reviews)
  const deckOrder = new Map(cards.map((card, index) => [card.id, index]))
  const cardById = new Map(cards.map((card) => [card.id, card]))
  const cardIds = [...byCard.keys()].sort(
    (a, b) =>
      (deckOrder.get(a) ?? Number.MAX_SAFE_INTEGER) - (deckOrder.get(b) ?? Number.MAX_SAFE_INTEGER) ||
      a.localeCompare(b),
  )

  return cardIds.map((cardId) => {
    const counts = byCard.get(cardId) as CardCounts
    const card = cardById.get(cardId)
    // The deck's points first, in deck order; then any point the deck no longer has, as first asked.
    const points = new Map<string, PointMisses>()
    for (const point of card?.points ?? [])
      points.set(point.id, {
        pointId: point.id,
        text: point.text,
        critical: point.critical,
        asked: 0,
        missed: 0,
      })
    for (const [pointId, { asked, missed }] of counts.points) {
      const entry = points.get(pointId)
      if (entry) Object.assign(entry, { asked, missed })
      else points.set(pointId, { pointId, text: pointId, critical: false, asked, missed })
    }
    const order = [...points.keys()]
    const sorted = [...points.values()].sort(
      (a, b) => b.missed - a.missed || order.indexOf(a.pointId) - order.indexOf(b.pointId),
    )
    return {
      cardId,
      title: card?.title ?? cardId,
      reviews: counts.reviews,
      points: sorted,
      critical: sorted.find((p) => p.critical) ?? null,
    }
  })
}

const mostMissedKept = new WeakMap<readonly CardMisses[], CardMisses[]>()

/**
 * The cards a page shows first when there are more than `limit`: those whose most missed
 * point is missed most often (then the most reviewed), kept in deck order. Kept with the list
 * it was chosen from (/stats' kept view), as soonestDueCards is.
 */
export function mostMissedCards(misses: readonly CardMisses[], limit: number): CardMisses[] {
  if (misses.length <= limit) return [...misses]
  const kept = mostMissedKept.get(misses)
  if (kept && kept.length === limit) return kept
  const score = (card: CardMisses) => card.points[0]?.missed ?? 0
  const chosen = new Set(
    [...misses]
      .sort((a, b) => score(b) - score(a) || b.reviews - a.reviews)
      .slice(0, limit)
      .map((card) => card.cardId),
  )
  const shown = misses.filter((card) => chosen.has(card.cardId))
  mostMissedKept.set(misses, shown)
  return shown
}
