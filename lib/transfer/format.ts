// The export file: one learner's whole study state as JSON. Versioned, so a
// later app can still read today's files (and reject tomorrow's clearly).
// Times are integer ms since the epoch; ids are the deck's card and point ids.
import { z } from 'zod'
import { isValidTimezone } from '@/lib/calendar'
import { ownCardSchema } from '@/lib/content/schema'
import { isBuiltInCardId } from '@/lib/decks/sources/built-in'

export const TRANSFER_FORMAT = 'drill-study-state'
export const TRANSFER_VERSION = 1

const ms = z.number().int().nonnegative()
const id = z.string().min(1).max(200)

export const settingsSchema = z.strictObject({
  desiredRetention: z.number().min(0.7).max(0.99),
  newPerDay: z.number().int().min(0).max(10_000),
  reviewsPerDay: z.number().int().min(0).max(100_000),
  sameDaySteps: z.boolean(),
  rolloverHour: z.number().int().min(0).max(23),
  timezone: z.string().refine(isValidTimezone, 'not a time zone this server knows'),
  updatedAtMs: ms,
  /** Decks switched off in /settings. Absent in older files: an import then keeps the learner's own switches. */
  disabledDecks: z.array(id).max(1_000).optional(),
  /** The interview plan (lib/plan). Absent in older files: an import keeps the learner's own. */
  interviewDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
    .nullable()
    .optional(),
  maxNewPerDay: z.number().int().min(0).max(10_000).optional(),
  /** FSRS parameters fitted by the optimizer (null: the defaults). Absent in older files: ours are kept. */
  fsrsParameters: z.array(z.number().finite()).min(17).max(21).nullable().optional(),
})

export const cardStateSchema = z.strictObject({
  cardId: id,
  dueMs: ms,
  stability: z.number().nonnegative(),
  difficulty: z.number().nonnegative(),
  elapsedDays: z.number().int().nonnegative(),
  scheduledDays: z.number().int().nonnegative(),
  learningSteps: z.number().int().nonnegative(),
  reps: z.number().int().nonnegative(),
  lapses: z.number().int().nonnegative(),
  state: z.number().int().min(0).max(3),
  lastReviewMs: ms.nullable(),
})

const rating = z.number().int().min(1).max(4)

export const reviewLogSchema = z.strictObject({
  cardId: id,
  /** The review's own idempotency key: what makes a second import a no-op. */
  attemptToken: id,
  rating,
  suggestedRating: rating,
  pointsTicked: z.array(id),
  pointsAll: z.array(id),
  durationMs: ms,
  answerMode: z.enum(['spoken', 'typed', 'aloud']),
  stateBefore: z.number().int().min(0).max(3),
  reviewedAtMs: ms,
  /** The pre-review card state (for undo), or null when the card was new. */
  snapshot: z.record(z.string(), z.unknown()).nullable(),
  dueAfterMs: ms,
})

/** A phrase the learner taught the grader for one point of one card (db/queries/taught-phrases.ts). */
export const taughtPhraseSchema = z.strictObject({
  cardId: id,
  pointId: id,
  phrase: z.string().trim().min(1).max(300),
  /** The point's key concept when taught: other cards' points sharing it hear the phrase too. */
  concept: z.string().min(1).max(200).nullable(),
  createdAtMs: ms,
})

/** Row caps on an import (an export of years of daily study is far under them). */
export const MAX_IMPORT_CARD_STATES = 10_000
export const MAX_IMPORT_REVIEW_LOGS = 100_000

export const studyStateFileSchema = z
  .strictObject({
    format: z.literal(TRANSFER_FORMAT),
    version: z.literal(TRANSFER_VERSION),
    exportedAtMs: ms,
    settings: settingsSchema.nullable(),
    cardStates: z.array(cardStateSchema).max(MAX_IMPORT_CARD_STATES),
    reviewLogs: z.array(reviewLogSchema).max(MAX_IMPORT_REVIEW_LOGS),
    /** The learner's own cards (same schema as an own-card Markdown file); absent in older files. */
    ownCards: z.array(ownCardSchema).default([]),
    /** Phrases the learner taught the grader ("This is where I said it"); absent in older files. */
    taughtPhrases: z.array(taughtPhraseSchema).max(500).default([]),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>()
    file.cardStates.forEach((row, index) => {
      if (seen.has(row.cardId))
        ctx.addIssue({
          code: 'custom',
          path: ['cardStates', index, 'cardId'],
          message: 'this card appears twice',
        })
      seen.add(row.cardId)
    })
    const ownIds = new Set<string>()
    file.ownCards.forEach((card, index) => {
      if (ownIds.has(card.id) || isBuiltInCardId(card.id))
        ctx.addIssue({
          code: 'custom',
          path: ['ownCards', index, 'id'],
          message: ownIds.has(card.id) ? 'this card appears twice' : 'is the id of a built-in card',
        })
      ownIds.add(card.id)
    })
  })

export type StudyStateFile = z.infer<typeof studyStateFileSchema>
export type StudyStateFileInput = z.input<typeof studyStateFileSchema>
export type ExportedSettings = z.infer<typeof settingsSchema>
export type ExportedCardState = z.infer<typeof cardStateSchema>
export type ExportedReviewLog = z.infer<typeof reviewLogSchema>
export type ExportedTaughtPhrase = z.infer<typeof taughtPhraseSchema>
