// The round a drill card asks in /review: seeded by (card, how many times this learner
// has reviewed it), so each review shuffles again and moves to other steps or variants.
import 'server-only'
import type { Sqlite } from '@/db/open'
import { studyQueries } from '@/db/queries/study'
import { drillFor, scenarioIdOfCard } from './catalogue'
import { type DrillRoundView, roundView } from './present'

export function reviewCountOf(sqlite: Sqlite, learnerId: string, cardId: string): number {
  return studyQueries(sqlite).countReviewsOfCard({ learnerId, cardId })
}

export async function drillReviewRound(
  sqlite: Sqlite,
  learnerId: string,
  cardId: string,
): Promise<DrillRoundView | null> {
  const scenarioId = scenarioIdOfCard(cardId)
  const drill = scenarioId ? await drillFor(scenarioId) : null
  if (!drill) return null
  return roundView(drill, cardId, reviewCountOf(sqlite, learnerId, cardId))
}
