// Merges an export file into a learner's study state, in one transaction:
// either all of it lands or none of it does. Idempotent by construction:
// - review logs are keyed by their attempt token (and by card + time, in case
//   the same review came through another install with another token);
// - a card state replaces ours only when it reflects a later review;
// - settings from the file replace ours (importing is an explicit choice).
// So importing the same file twice changes nothing the second time.
import type { Sqlite } from '@/db/open'
import { planQueries } from '@/db/queries/plan'
import { type LearnerSettingsRecord, studyQueries } from '@/db/queries/study'
import { transferQueries } from '@/db/queries/transfer'
import { disabledDecksOf, saveDisabledDecks } from '@/lib/decks/settings'
import { upsertOwnCards } from '@/lib/own-cards/import'
import { DEFAULT_STUDY_SETTINGS } from '@/lib/srs/settings'
import type { ExportedSettings, StudyStateFile } from './format'

export interface MergeSummary {
  reviewLogsAdded: number
  reviewLogsAlreadyThere: number
  cardStatesAdded: number
  cardStatesUpdated: number
  cardStatesKept: number
  settingsChanged: boolean
  ownCardsAdded: number
  ownCardsUpdated: number
}

const deckListJson = (deckIds: Iterable<string>) => JSON.stringify([...new Set(deckIds)].sort())

/** True when every setting in the file already has that value here (the deck list compared as a set). */
function sameSettings(
  theirs: ExportedSettings,
  ours: LearnerSettingsRecord,
  ourDisabledDecks: Iterable<string>,
): boolean {
  const { disabledDecks, fsrsParameters, ...scalars } = theirs
  const columns: Record<string, unknown> = {
    ...scalars,
    ...(disabledDecks === undefined ? {} : { disabledDecks: deckListJson(disabledDecks) }),
    ...(fsrsParameters === undefined ? {} : { fsrsParameters: JSON.stringify(fsrsParameters) }),
  }
  const here: Record<string, unknown> = {
    ...ours,
    disabledDecks: deckListJson(ourDisabledDecks),
    fsrsParameters: JSON.stringify(ours.fsrsParameters),
  }
  return Object.keys(columns).every((key) => columns[key] === here[key])
}

export function mergeStudyState(sqlite: Sqlite, learnerId: string, file: StudyStateFile): MergeSummary {
  const study = studyQueries(sqlite)
  const transfer = transferQueries(sqlite)
  const summary: MergeSummary = {
    reviewLogsAdded: 0,
    reviewLogsAlreadyThere: 0,
    cardStatesAdded: 0,
    cardStatesUpdated: 0,
    cardStatesKept: 0,
    settingsChanged: false,
    ownCardsAdded: 0,
    ownCardsUpdated: 0,
  }

  const merge = sqlite.transaction(() => {
    if (file.settings) {
      const ours = study.getLearnerSettingsByLearnerId(learnerId)
      summary.settingsChanged =
        !ours || !sameSettings(file.settings, ours, disabledDecksOf(sqlite, learnerId))
      if (summary.settingsChanged) {
        const { disabledDecks, fsrsParameters, ...scalars } = file.settings
        // A field an older file lacks (the interview plan, fitted parameters) keeps ours.
        study.saveLearnerSettings({
          learnerId,
          interviewDate: ours?.interviewDate ?? null,
          maxNewPerDay: ours?.maxNewPerDay ?? DEFAULT_STUDY_SETTINGS.maxNewPerDay,
          ...scalars,
        })
        if (disabledDecks !== undefined)
          saveDisabledDecks(sqlite, learnerId, disabledDecks, scalars.updatedAtMs)
        if (fsrsParameters !== undefined)
          planQueries(sqlite).saveFsrsParametersByLearnerId({
            learnerId,
            parameters: fsrsParameters,
            nowMs: scalars.updatedAtMs,
          })
      }
    }

    // Own cards first: the card states and logs below refer to them by id.
    const cards = upsertOwnCards(sqlite, learnerId, file.ownCards, file.exportedAtMs)
    summary.ownCardsAdded = cards.added
    summary.ownCardsUpdated = cards.updated

    for (const incoming of file.cardStates) {
      const existing = study.getCardStateByLearnerAndCardId({ learnerId, cardId: incoming.cardId })
      if (!existing) {
        study.saveCardState(learnerId, incoming)
        summary.cardStatesAdded++
      } else if ((incoming.lastReviewMs ?? -1) > (existing.lastReviewMs ?? -1)) {
        study.saveCardState(learnerId, incoming)
        summary.cardStatesUpdated++
      } else {
        summary.cardStatesKept++
      }
    }

    for (const log of file.reviewLogs) {
      // Two lookups, each on its own index (an OR of the two would scan the learner's log).
      const duplicate =
        study.getReviewLogByAttemptToken({ learnerId, attemptToken: log.attemptToken }) !== undefined ||
        transfer.findReviewLogIdByCardAndTime({
          learnerId,
          cardId: log.cardId,
          reviewedAtMs: log.reviewedAtMs,
        }) !== undefined
      if (duplicate) {
        summary.reviewLogsAlreadyThere++
        continue
      }
      study.claimReviewLog({
        learnerId,
        ...log,
        pointsTicked: JSON.stringify(log.pointsTicked),
        pointsAll: JSON.stringify(log.pointsAll),
        snapshot: log.snapshot === null ? null : JSON.stringify(log.snapshot),
      })
      summary.reviewLogsAdded++
    }
  })
  merge.immediate()
  return summary
}
