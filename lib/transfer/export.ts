// Builds the export file for one learner, straight from the study tables.
import { studyQueries } from '@/db/queries/study'
import { taughtPhraseQueries } from '@/db/queries/taught-phrases'
import { transferQueries } from '@/db/queries/transfer'
import type { Db } from '@/db/sql/db'
import { disabledDecksOf } from '@/lib/decks/settings'
import { ownCardsOf } from '@/lib/own-cards/import'
import { type StudyStateFile, TRANSFER_FORMAT, TRANSFER_VERSION } from './format'

function parseJson(text: string): unknown {
  return JSON.parse(text)
}

/**
 * Reads in one transaction under the learner's lock, so the file is one consistent moment:
 * no grade (on any instance) lands between the states and the log.
 */
export async function exportStudyState(db: Db, learnerId: string, nowMs: number): Promise<StudyStateFile> {
  return db.transaction((tx) => readStudyState(tx, learnerId, nowMs), { lockKey: learnerId })
}

async function readStudyState(db: Db, learnerId: string, nowMs: number): Promise<StudyStateFile> {
  const study = studyQueries(db)
  const settingsRow = await study.getLearnerSettingsByLearnerId(learnerId)
  const stateRows = await study.listCardStatesByLearnerId({ learnerId })
  const logRows = await transferQueries(db).listReviewLogsByLearnerId({ learnerId })
  const disabledDecks = settingsRow ? [...(await disabledDecksOf(db, learnerId))] : []
  const ownCards = await ownCardsOf(db, learnerId)
  const taughtRows = await taughtPhraseQueries(db).listTaughtPhrasesByLearnerId({ learnerId })

  return {
    format: TRANSFER_FORMAT,
    version: TRANSFER_VERSION,
    exportedAtMs: nowMs,
    settings: settingsRow
      ? {
          desiredRetention: settingsRow.desiredRetention,
          newPerDay: settingsRow.newPerDay,
          reviewsPerDay: settingsRow.reviewsPerDay,
          sameDaySteps: settingsRow.sameDaySteps,
          rolloverHour: settingsRow.rolloverHour,
          timezone: settingsRow.timezone,
          updatedAtMs: settingsRow.updatedAtMs,
          disabledDecks,
          interviewDate: settingsRow.interviewDate,
          maxNewPerDay: settingsRow.maxNewPerDay,
          fsrsParameters: settingsRow.fsrsParameters,
        }
      : null,
    // Fields named one by one: a column added later must join the format on purpose.
    cardStates: stateRows.map((row) => ({
      cardId: row.cardId,
      dueMs: row.dueMs,
      stability: row.stability,
      difficulty: row.difficulty,
      elapsedDays: row.elapsedDays,
      scheduledDays: row.scheduledDays,
      learningSteps: row.learningSteps,
      reps: row.reps,
      lapses: row.lapses,
      state: row.state,
      lastReviewMs: row.lastReviewMs,
    })),
    reviewLogs: logRows.map((row) => ({
      cardId: row.cardId,
      attemptToken: row.attemptToken,
      rating: row.rating,
      suggestedRating: row.suggestedRating,
      pointsTicked: parseJson(row.pointsTicked) as string[],
      pointsAll: parseJson(row.pointsAll) as string[],
      durationMs: row.durationMs,
      answerMode: row.answerMode as 'spoken' | 'typed' | 'aloud',
      stateBefore: row.stateBefore,
      reviewedAtMs: row.reviewedAtMs,
      snapshot: row.snapshot === null ? null : (parseJson(row.snapshot) as Record<string, unknown>),
      dueAfterMs: row.dueAfterMs,
    })),
    ownCards,
    taughtPhrases: taughtRows.map(({ cardId, pointId, phrase, concept, createdAtMs }) => ({
      cardId,
      pointId,
      phrase,
      concept,
      createdAtMs,
    })),
  }
}

/** The FSRS optimizer's review-log columns, in its order. */
export const CSV_COLUMNS = [
  'card_id',
  'review_time',
  'review_rating',
  'review_state',
  'review_duration',
] as const

function csvField(value: string | number): string {
  const text = String(value)
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * The review log as the FSRS optimizer reads it: review_time in ms since the
 * epoch, review_rating 1–4, review_state the ts-fsrs State *before* the review
 * (0 New, 1 Learning, 2 Review, 3 Relearning), review_duration in ms.
 */
export function reviewLogCsv(file: Pick<StudyStateFile, 'reviewLogs'>): string {
  const lines = [CSV_COLUMNS.join(',')]
  for (const log of file.reviewLogs)
    lines.push(
      [log.cardId, log.reviewedAtMs, log.rating, log.stateBefore, log.durationMs].map(csvField).join(','),
    )
  return `${lines.join('\n')}\n`
}
