// What a drill card asks when /review shows it: a round of the drill, seeded by how
// often this learner has reviewed the card. Every other card is answered aloud.
import 'server-only'
import type { Db } from '@/db/sql/db'
import type { ReviewCard } from '@/lib/decks'
import { drillReviewRound } from '@/lib/drills/review-round'

/** The drill round for a drill card, or null for a recall card (built-in or own). */
export function drillRoundFor(db: Db, learnerId: string, card: ReviewCard) {
  return card.kind === 'drill' ? drillReviewRound(db, learnerId, card.id) : Promise.resolve(null)
}
