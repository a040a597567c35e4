// Merges an export file into a learner's study state, in one transaction:
// either all of it lands or none of it does. Idempotent by construction:
// - review logs are keyed by their attempt token (and by card + time, in case
//   the same review came through another install with another token);
// - a card state replaces ours only when it reflects a later review;
// - settings from the file replace ours (importing is an explicit choice).
// So importing the same file twice changes nothing the second time.
import { and, eq, or } from 'drizzle-orm'
import { drizzleFor, type Sqlite } from '@/db/open'
import { cardStates, learnerSettings, reviewLogs } from '@/db/schema'
import type { ExportedSettings, StudyStateFile } from './format'

export interface MergeSummary {
  reviewLogsAdded: number
  reviewLogsAlreadyThere: number
  cardStatesAdded: number
  cardStatesUpdated: number
  cardStatesKept: number
  settingsChanged: boolean
}

function sameSettings(a: ExportedSettings, b: ExportedSettings): boolean {
  return (Object.keys(a) as (keyof ExportedSettings)[]).every((key) => a[key] === b[key])
}

export function mergeStudyState(sqlite: Sqlite, learnerId: string, file: StudyStateFile): MergeSummary {
  const db = drizzleFor(sqlite)
  const summary: MergeSummary = {
    reviewLogsAdded: 0,
    reviewLogsAlreadyThere: 0,
    cardStatesAdded: 0,
    cardStatesUpdated: 0,
    cardStatesKept: 0,
    settingsChanged: false,
  }

  const merge = sqlite.transaction(() => {
    if (file.settings) {
      const { learnerId: _learner, ...current } =
        db.select().from(learnerSettings).where(eq(learnerSettings.learnerId, learnerId)).get() ?? {}
      const ours = current as ExportedSettings
      summary.settingsChanged = !('timezone' in current) || !sameSettings(ours, file.settings)
      if (summary.settingsChanged)
        db.insert(learnerSettings)
          .values({ learnerId, ...file.settings })
          .onConflictDoUpdate({ target: learnerSettings.learnerId, set: file.settings })
          .run()
    }

    for (const incoming of file.cardStates) {
      const existing = db
        .select({ lastReviewMs: cardStates.lastReviewMs })
        .from(cardStates)
        .where(and(eq(cardStates.learnerId, learnerId), eq(cardStates.cardId, incoming.cardId)))
        .get()
      if (!existing) {
        db.insert(cardStates)
          .values({ learnerId, ...incoming })
          .run()
        summary.cardStatesAdded++
      } else if ((incoming.lastReviewMs ?? -1) > (existing.lastReviewMs ?? -1)) {
        db.update(cardStates)
          .set(incoming)
          .where(and(eq(cardStates.learnerId, learnerId), eq(cardStates.cardId, incoming.cardId)))
          .run()
        summary.cardStatesUpdated++
      } else {
        summary.cardStatesKept++
      }
    }

    for (const log of file.reviewLogs) {
      const duplicate = db
        .select({ id: reviewLogs.id })
        .from(reviewLogs)
        .where(
          and(
            eq(reviewLogs.learnerId, learnerId),
            or(
              eq(reviewLogs.attemptToken, log.attemptToken),
              and(eq(reviewLogs.cardId, log.cardId), eq(reviewLogs.reviewedAtMs, log.reviewedAtMs)),
            ),
          ),
        )
        .get()
      if (duplicate) {
        summary.reviewLogsAlreadyThere++
        continue
      }
      db.insert(reviewLogs)
        .values({
          learnerId,
          ...log,
          pointsTicked: JSON.stringify(log.pointsTicked),
          pointsAll: JSON.stringify(log.pointsAll),
          snapshot: log.snapshot === null ? null : JSON.stringify(log.snapshot),
        })
        .run()
      summary.reviewLogsAdded++
    }
  })
  merge.immediate()
  return summary
}
