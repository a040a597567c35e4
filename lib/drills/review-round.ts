// The round a drill card asks in /review: seeded by (card, how many times this learner
// has reviewed it), so each review shuffles again and moves to other steps or variants.
import 'server-only'
import type { Sqlite } from '@/db/open'
import { drillFor, scenarioIdOfCard } from './catalogue'
import { type DrillRoundView, roundView } from './present'

export function reviewCountOf(sqlite: Sqlite, learnerId: string, cardId: string): number {
  const row = sqlite
    .prepare<[string, string], { n: number }>(
      'SELECT count(*) AS n FROM review_logs WHERE learner_id = ? AND card_id = ?',
    )
    .get(learnerId, cardId)
  return row?.n ?? 0
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
