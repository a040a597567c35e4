// Merges an export file into a learner's study state, in one transaction:
// either all of it lands or none of it does. Idempotent by construction:
// - review logs are keyed by their attempt token (and by card + time, in case
//   the same review came through another install with another token);
// - a card state replaces ours only when it reflects a later review;
// - settings from the file replace ours (importing is an explicit choice).
// So importing the same file twice changes nothing the second time. The transaction holds
// the learner's lock: an import never interleaves with that learner's grades on any instance.
import { planQueries } from '@/db/queries/plan'
import {
  type CardStateRecord,
  type LearnerSettingsRecord,
  type NewReviewLogRecord,
  studyQueries,
} from '@/db/queries/study'
import { taughtPhraseQueries } from '@/db/queries/taught-phrases'
import { cardTimeKey, transferQueries } from '@/db/queries/transfer'
import type { Db } from '@/db/sql/db'
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
  /** Phrases taught to the grader that were not here yet (the same phrase is stored once). */
  taughtPhrasesAdded: number
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

export async function mergeStudyState(
  db: Db,
  learnerId: string,
  file: StudyStateFile,
): Promise<MergeSummary> {
  return db.transaction((tx) => mergeInTransaction(tx, learnerId, file), { lockKey: learnerId })
}

async function mergeInTransaction(tx: Db, learnerId: string, file: StudyStateFile): Promise<MergeSummary> {
  const study = studyQueries(tx)
  const transfer = transferQueries(tx)
  // A fresh summary per run: on PostgreSQL a serialization failure runs the body again.
  const summary: MergeSummary = {
    reviewLogsAdded: 0,
    reviewLogsAlreadyThere: 0,
    cardStatesAdded: 0,
    cardStatesUpdated: 0,
    cardStatesKept: 0,
    settingsChanged: false,
    ownCardsAdded: 0,
    ownCardsUpdated: 0,
    taughtPhrasesAdded: 0,
  }

  if (file.settings) {
    const ours = await study.getLearnerSettingsByLearnerId(learnerId)
    summary.settingsChanged =
      !ours || !sameSettings(file.settings, ours, await disabledDecksOf(tx, learnerId))
    if (summary.settingsChanged) {
      const { disabledDecks, fsrsParameters, ...scalars } = file.settings
      // A field an older file lacks (the interview plan, fitted parameters) keeps ours.
      await study.saveLearnerSettings({
        learnerId,
        interviewDate: ours?.interviewDate ?? null,
        maxNewPerDay: ours?.maxNewPerDay ?? DEFAULT_STUDY_SETTINGS.maxNewPerDay,
        ...scalars,
      })
      if (disabledDecks !== undefined)
        await saveDisabledDecks(tx, learnerId, disabledDecks, scalars.updatedAtMs)
      if (fsrsParameters !== undefined)
        await planQueries(tx).saveFsrsParametersByLearnerId({
          learnerId,
          parameters: fsrsParameters,
          nowMs: scalars.updatedAtMs,
        })
    }
  }

  // Own cards first: the card states and logs below refer to them by id.
  const cards = await upsertOwnCards(tx, learnerId, file.ownCards, file.exportedAtMs)
  summary.ownCardsAdded = cards.added
  summary.ownCardsUpdated = cards.updated

  // Card states and logs in batches (a few statements per 500 rows, not a few per row), with
  // the same outcome as taking the file's rows one by one: a row decided earlier in the file
  // counts as "here" for the rows after it.
  const lastReviewById = await transfer.findLastReviewsIn({
    learnerId,
    cardIds: file.cardStates.map((state) => state.cardId),
  })
  const statesToSave = new Map<string, CardStateRecord>()
  for (const incoming of file.cardStates) {
    const here = lastReviewById.get(incoming.cardId)
    if (here === undefined) summary.cardStatesAdded++
    else if ((incoming.lastReviewMs ?? -1) > (here ?? -1)) summary.cardStatesUpdated++
    else {
      summary.cardStatesKept++
      continue
    }
    lastReviewById.set(incoming.cardId, incoming.lastReviewMs)
    statesToSave.delete(incoming.cardId)
    statesToSave.set(incoming.cardId, incoming)
  }
  await transfer.saveCardStates(learnerId, [...statesToSave.values()])

  // A log is here already under its attempt token, or as the same card at the same time
  // (the same review come through another install with another token).
  const tokensHere = await transfer.findAttemptTokensIn({
    learnerId,
    attemptTokens: file.reviewLogs.map((log) => log.attemptToken),
  })
  const cardTimesHere = await transfer.findCardTimesIn({
    learnerId,
    reviewedAtMs: file.reviewLogs.map((log) => log.reviewedAtMs),
  })
  const logsToAdd: NewReviewLogRecord[] = []
  for (const log of file.reviewLogs) {
    const cardTime = cardTimeKey(log.cardId, log.reviewedAtMs)
    if (tokensHere.has(log.attemptToken) || cardTimesHere.has(cardTime)) {
      summary.reviewLogsAlreadyThere++
      continue
    }
    tokensHere.add(log.attemptToken)
    cardTimesHere.add(cardTime)
    logsToAdd.push({
      learnerId,
      ...log,
      pointsTicked: JSON.stringify(log.pointsTicked),
      pointsAll: JSON.stringify(log.pointsAll),
      snapshot: log.snapshot === null ? null : JSON.stringify(log.snapshot),
    })
  }
  const taught = taughtPhraseQueries(tx)
  for (const phrase of file.taughtPhrases)
    if (await taught.insertTaughtPhrase({ learnerId, ...phrase })) summary.taughtPhrasesAdded++

  summary.reviewLogsAdded = await transfer.insertReviewLogs(logsToAdd)
  summary.reviewLogsAlreadyThere += logsToAdd.length - summary.reviewLogsAdded
  return summary
}
