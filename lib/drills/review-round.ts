// The round a drill card asks in /review: seeded by (card, how many times this learner
// has reviewed it), so each review shuffles again and moves to other steps or variants.
import 'server-only'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { drillFor, scenarioIdOfCard } from './catalogue'
import { type DrillRoundView, roundView } from './present'

export function reviewCountOf(db: Db, learnerId: string, cardId: string): Promise<number> {
  return studyQueries(db).countReviewsOfCard({ learnerId, cardId })
}

export async function drillReviewRound(
  db: Db,
  learnerId: string,
  cardId: string,
): Promise<DrillRoundView | null> {
  const scenarioId = scenarioIdOfCard(cardId)
  const drill = scenarioId ? await drillFor(scenarioId) : null
  if (!drill) return null
  return roundView(drill, cardId, await reviewCountOf(db, learnerId, cardId))
}
