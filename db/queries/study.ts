// Named reads and writes for the study side (learner settings, card states,
// review logs). Prepared once per connection: these run on every review.
// Takes the connection as an argument so the app, tests and the benchmark share it.
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'

export interface LearnerSettingsRecord {
  learnerId: string
  desiredRetention: number
  newPerDay: number
  reviewsPerDay: number
  sameDaySteps: boolean
  rolloverHour: number
  timezone: string
  updatedAtMs: number
  /** 'YYYY-MM-DD' (a study day) or null: no interview plan. */
  interviewDate: string | null
  /** The ceiling an interview plan may raise the daily new-card limit to. */
  maxNewPerDay: number
  /** FSRS parameters fitted to this learner (the optimizer), or null for the defaults. */
  fsrsParameters: number[] | null
}

/** What the settings form saves; the fitted parameters have their own write (db/queries/plan.ts). */
export type SavedLearnerSettings = Omit<
  LearnerSettingsRecord,
  'interviewDate' | 'maxNewPerDay' | 'fsrsParameters'
> &
  Partial<Pick<LearnerSettingsRecord, 'interviewDate' | 'maxNewPerDay'>>

/**
 * The per-learner FSRS fields of one card, as stored in card_states: the one shape
 * the review loop, the scheduler (without `cardId`) and the stats all use.
 */
export interface CardStateRecord {
  cardId: string
  dueMs: number
  stability: number
  difficulty: number
  elapsedDays: number
  scheduledDays: number
  learningSteps: number
  reps: number
  lapses: number
  /** ts-fsrs State: 0 New, 1 Learning, 2 Review, 3 Relearning */
  state: number
  lastReviewMs: number | null
}

export interface ReviewLogRecord {
  id: number
  learnerId: string
  cardId: string
  attemptToken: string
  rating: number
  suggestedRating: number
  pointsTicked: string
  pointsAll: string
  durationMs: number
  answerMode: string
  stateBefore: number
  reviewedAtMs: number
  snapshot: string | null
  dueAfterMs: number
}

export type NewReviewLogRecord = Omit<ReviewLogRecord, 'id'>

const settingsColumns = `learner_id AS learnerId, desired_retention AS desiredRetention, new_per_day AS newPerDay,
  reviews_per_day AS reviewsPerDay, same_day_steps AS sameDaySteps, rollover_hour AS rolloverHour,
  timezone, updated_at_ms AS updatedAtMs, interview_date AS interviewDate, max_new_per_day AS maxNewPerDay,
  fsrs_parameters AS fsrsParameters`

/** card_states columns under their CardStateRecord names (the stats reads share it). */
export const cardStateColumns = `card_id AS cardId, due_ms AS dueMs, stability, difficulty, elapsed_days AS elapsedDays,
  scheduled_days AS scheduledDays, learning_steps AS learningSteps, reps, lapses, state, last_review_ms AS lastReviewMs`

/** review_logs columns under their ReviewLogRecord names (the export reads share it). */
export const reviewLogColumns = `id, learner_id AS learnerId, card_id AS cardId, attempt_token AS attemptToken, rating,
  suggested_rating AS suggestedRating, points_ticked AS pointsTicked, points_all AS pointsAll,
  duration_ms AS durationMs, answer_mode AS answerMode, state_before AS stateBefore,
  reviewed_at_ms AS reviewedAtMs, snapshot, due_after_ms AS dueAfterMs`

/** The SQL of the due queue, exported so a test can check its query plan. */
export const dueCardsSql = `SELECT card_id AS cardId, due_ms AS dueMs FROM card_states
  WHERE learner_id = ? AND due_ms < ? ORDER BY due_ms LIMIT ?`

/** The stored JSON array of FSRS parameters; anything else (hand-edited, damaged) reads as "defaults". */
function parseParameters(json: string | null): number[] | null {
  if (json === null) return null
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) &&
      value.length > 0 &&
      value.every((x) => typeof x === 'number' && Number.isFinite(x))
      ? value
      : null
  } catch {
    return null
  }
}

function prepareStudyQueries(db: Db) {
  const statements = {
    settings: `SELECT ${settingsColumns} FROM learner_settings WHERE learner_id = ?`,
    insertSettingsIfMissing: `INSERT INTO learner_settings (learner_id, timezone, updated_at_ms) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
    upsertSettings: `INSERT INTO learner_settings (learner_id, desired_retention, new_per_day, reviews_per_day, same_day_steps,
         rollover_hour, timezone, updated_at_ms, interview_date, max_new_per_day)
       VALUES (@learnerId, @desiredRetention, @newPerDay, @reviewsPerDay, @sameDaySteps, @rolloverHour, @timezone, @updatedAtMs,
         @interviewDate, @maxNewPerDay)
       ON CONFLICT (learner_id) DO UPDATE SET desired_retention = excluded.desired_retention,
         new_per_day = excluded.new_per_day, reviews_per_day = excluded.reviews_per_day,
         same_day_steps = excluded.same_day_steps, rollover_hour = excluded.rollover_hour,
         timezone = excluded.timezone, updated_at_ms = excluded.updated_at_ms,
         interview_date = excluded.interview_date, max_new_per_day = excluded.max_new_per_day`,
    cardState: `SELECT ${cardStateColumns} FROM card_states WHERE learner_id = ? AND card_id = ?`,
    dueCards: dueCardsSql,
    cardStates: `SELECT ${cardStateColumns} FROM card_states WHERE learner_id = ? ORDER BY card_id`,
    seenCardIds: `SELECT card_id AS cardId FROM card_states WHERE learner_id = ?`,
    nextDueFrom: `SELECT min(due_ms) AS dueMs FROM card_states WHERE learner_id = ? AND due_ms >= ?`,
    upsertCardState: `INSERT INTO card_states (learner_id, card_id, due_ms, stability, difficulty, elapsed_days, scheduled_days,
         learning_steps, reps, lapses, state, last_review_ms)
       VALUES (@learnerId, @cardId, @dueMs, @stability, @difficulty, @elapsedDays, @scheduledDays,
         @learningSteps, @reps, @lapses, @state, @lastReviewMs)
       ON CONFLICT (learner_id, card_id) DO UPDATE SET due_ms = excluded.due_ms, stability = excluded.stability,
         difficulty = excluded.difficulty, elapsed_days = excluded.elapsed_days,
         scheduled_days = excluded.scheduled_days, learning_steps = excluded.learning_steps, reps = excluded.reps,
         lapses = excluded.lapses, state = excluded.state, last_review_ms = excluded.last_review_ms`,
    deleteCardState: `DELETE FROM card_states WHERE learner_id = ? AND card_id = ?`,
    reviewCountsBetween: `SELECT count(*) AS reviews, coalesce(sum(CASE WHEN state_before = 0 THEN 1 ELSE 0 END), 0) AS newCards FROM review_logs
       WHERE learner_id = ? AND reviewed_at_ms >= ? AND reviewed_at_ms < ?`,
    reviewCountOfCard: 'SELECT count(*) AS n FROM review_logs WHERE learner_id = ? AND card_id = ?',
    reviewTimesSince: `SELECT reviewed_at_ms AS reviewedAtMs FROM review_logs WHERE learner_id = ? AND reviewed_at_ms >= ?
       ORDER BY reviewed_at_ms`,
    lastReviewOfCard: `SELECT ${reviewLogColumns} FROM review_logs WHERE learner_id = ? AND card_id = ?
       ORDER BY reviewed_at_ms DESC, id DESC LIMIT 1`,
    latestReview: `SELECT ${reviewLogColumns} FROM review_logs WHERE learner_id = ? ORDER BY reviewed_at_ms DESC, id DESC LIMIT 1`,
    reviewById: `SELECT ${reviewLogColumns} FROM review_logs WHERE id = ? AND learner_id = ?`,
    reviewByAttempt: `SELECT ${reviewLogColumns} FROM review_logs WHERE learner_id = ? AND attempt_token = ?`,
    claimReview: `INSERT INTO review_logs (learner_id, card_id, attempt_token, rating, suggested_rating, points_ticked, points_all,
         duration_ms, answer_mode, state_before, reviewed_at_ms, snapshot, due_after_ms)
       VALUES (@learnerId, @cardId, @attemptToken, @rating, @suggestedRating, @pointsTicked, @pointsAll,
         @durationMs, @answerMode, @stateBefore, @reviewedAtMs, @snapshot, @dueAfterMs)
       ON CONFLICT (learner_id, attempt_token) DO NOTHING RETURNING id`,
    laterReviewOfCard: `SELECT id FROM review_logs WHERE learner_id = ? AND card_id = ? AND (reviewed_at_ms > ? OR (reviewed_at_ms = ? AND id > ?))
       LIMIT 1`,
    deleteReview: `DELETE FROM review_logs WHERE id = ? AND learner_id = ?`,
    reviewsOfCardAfter: `SELECT ${reviewLogColumns} FROM review_logs WHERE learner_id = ? AND card_id = ? AND reviewed_at_ms > ?
       ORDER BY reviewed_at_ms, id`,
    rewriteReviewSchedule: `UPDATE review_logs SET snapshot = @snapshot, state_before = @stateBefore, due_after_ms = @dueAfterMs
       WHERE id = @logId AND learner_id = @learnerId`,
  }

  return {
    async getLearnerSettingsByLearnerId(learnerId: string): Promise<LearnerSettingsRecord | undefined> {
      const row = (await db.get(statements.settings, learnerId)) as
        | (Omit<LearnerSettingsRecord, 'sameDaySteps' | 'fsrsParameters'> & {
            sameDaySteps: number
            fsrsParameters: string | null
          })
        | undefined
      return (
        row && {
          ...row,
          sameDaySteps: row.sameDaySteps === 1,
          fsrsParameters: parseParameters(row.fsrsParameters),
        }
      )
    },
    /** First visit: remember the browser's zone; later visits never overwrite a chosen setting. */
    async insertLearnerSettingsIfMissing({
      learnerId,
      timezone,
      nowMs,
    }: {
      learnerId: string
      timezone: string
      nowMs: number
    }): Promise<boolean> {
      return (await db.run(statements.insertSettingsIfMissing, learnerId, timezone, nowMs)).changes === 1
    },
    async saveLearnerSettings(settings: SavedLearnerSettings): Promise<void> {
      await db.run(statements.upsertSettings, {
        ...settings,
        sameDaySteps: settings.sameDaySteps ? 1 : 0,
        interviewDate: settings.interviewDate ?? null,
        maxNewPerDay: settings.maxNewPerDay ?? 50,
      })
    },
    async getCardStateByLearnerAndCardId({
      learnerId,
      cardId,
    }: {
      learnerId: string
      cardId: string
    }): Promise<CardStateRecord | undefined> {
      return (await db.get(statements.cardState, learnerId, cardId)) as CardStateRecord | undefined
    },
    /** Cards with a state whose due time is before `dueBeforeMs`, earliest first. */
    async getDueCardsByLearnerId({
      learnerId,
      dueBeforeMs,
      limit,
    }: {
      learnerId: string
      dueBeforeMs: number
      limit: number
    }) {
      return (await db.all(statements.dueCards, learnerId, dueBeforeMs, limit)) as {
        cardId: string
        dueMs: number
      }[]
    },
    /** Every card state of the learner, by card id (stats, export). */
    async listCardStatesByLearnerId({ learnerId }: { learnerId: string }): Promise<CardStateRecord[]> {
      return (await db.all(statements.cardStates, learnerId)) as CardStateRecord[]
    },
    async getSeenCardIdsByLearnerId(learnerId: string): Promise<Set<string>> {
      return new Set(
        ((await db.all(statements.seenCardIds, learnerId)) as { cardId: string }[]).map((row) => row.cardId),
      )
    },
    async getNextDueMsByLearnerId({
      learnerId,
      fromMs,
    }: {
      learnerId: string
      fromMs: number
    }): Promise<number | null> {
      return ((await db.get(statements.nextDueFrom, learnerId, fromMs)) as { dueMs: number | null }).dueMs
    },
    async saveCardState(learnerId: string, state: CardStateRecord): Promise<void> {
      await db.run(statements.upsertCardState, { learnerId, ...state })
    },
    async deleteCardState({ learnerId, cardId }: { learnerId: string; cardId: string }): Promise<void> {
      await db.run(statements.deleteCardState, learnerId, cardId)
    },
    /** How many times the learner has reviewed one card (seeds a drill card's round). */
    async countReviewsOfCard({ learnerId, cardId }: { learnerId: string; cardId: string }): Promise<number> {
      return ((await db.get(statements.reviewCountOfCard, learnerId, cardId)) as { n: number }).n
    },
    async countReviewsByLearnerIdBetween({
      learnerId,
      fromMs,
      toMs,
    }: {
      learnerId: string
      fromMs: number
      toMs: number
    }) {
      return (await db.get(statements.reviewCountsBetween, learnerId, fromMs, toMs)) as {
        reviews: number
        newCards: number
      }
    },
    async getReviewTimesByLearnerIdSince({
      learnerId,
      sinceMs,
    }: {
      learnerId: string
      sinceMs: number
    }): Promise<number[]> {
      return (
        (await db.all(statements.reviewTimesSince, learnerId, sinceMs)) as { reviewedAtMs: number }[]
      ).map((r) => r.reviewedAtMs)
    },
    async getLastReviewOfCard({
      learnerId,
      cardId,
    }: {
      learnerId: string
      cardId: string
    }): Promise<ReviewLogRecord | undefined> {
      return (await db.get(statements.lastReviewOfCard, learnerId, cardId)) as ReviewLogRecord | undefined
    },
    async getLatestReviewByLearnerId(learnerId: string): Promise<ReviewLogRecord | undefined> {
      return (await db.get(statements.latestReview, learnerId)) as ReviewLogRecord | undefined
    },
    async getReviewLogById({
      learnerId,
      logId,
    }: {
      learnerId: string
      logId: number
    }): Promise<ReviewLogRecord | undefined> {
      return (await db.get(statements.reviewById, logId, learnerId)) as ReviewLogRecord | undefined
    },
    async getReviewLogByAttemptToken({
      learnerId,
      attemptToken,
    }: {
      learnerId: string
      attemptToken: string
    }) {
      return (await db.get(statements.reviewByAttempt, learnerId, attemptToken)) as
        | ReviewLogRecord
        | undefined
    },
    /** Inserts the log; returns its id, or null when the attempt token was already claimed. */
    async claimReviewLog(log: NewReviewLogRecord): Promise<number | null> {
      const row = (await db.get(statements.claimReview, log)) as { id: number } | undefined
      return row?.id ?? null
    },
    async hasLaterReviewOfCard(
      log: Pick<ReviewLogRecord, 'learnerId' | 'cardId' | 'reviewedAtMs' | 'id'>,
    ): Promise<boolean> {
      return (
        (await db.get(
          statements.laterReviewOfCard,
          log.learnerId,
          log.cardId,
          log.reviewedAtMs,
          log.reviewedAtMs,
          log.id,
        )) !== undefined
      )
    },
    async deleteReviewLog({ learnerId, logId }: { learnerId: string; logId: number }): Promise<void> {
      await db.run(statements.deleteReview, logId, learnerId)
    },
    /** The card's reviews strictly after `afterMs`, in time order (a late grade merges before them). */
    async listReviewsOfCardAfter({
      learnerId,
      cardId,
      afterMs,
    }: {
      learnerId: string
      cardId: string
      afterMs: number
    }): Promise<ReviewLogRecord[]> {
      return (await db.all(statements.reviewsOfCardAfter, learnerId, cardId, afterMs)) as ReviewLogRecord[]
    },
    /** A log replayed after an earlier grade merged in: the card before it and the due it produced. */
    async rewriteReviewLogSchedule(row: {
      learnerId: string
      logId: number
      snapshot: string | null
      stateBefore: number
      dueAfterMs: number
    }): Promise<void> {
      await db.run(statements.rewriteReviewSchedule, row)
    },
  }
}

export type StudyQueries = ReturnType<typeof prepareStudyQueries>

export const studyQueries = perConnection(prepareStudyQueries)
