// Named reads and writes for the interview plan (lib/plan): the learner's card
// states and review history as the plan, the optimizer and "Help me decide" read
// them, moving dues into the final window, and the two settings the plan writes on
// its own (fitted FSRS parameters, a chosen desired retention). Prepared once per
// connection; the connection is passed in, as in db/queries/study.ts.
import type { Db } from '../sql/db'
import { learnerVersionQueries } from './learner-versions'
import { perConnection } from './per-connection'
import type { CardStateRecord } from './study'

type CardStateRow = [
  string,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number | null,
]

/** One row of `cardStates`, by its SELECT's column order (read as values: no object per row from the driver). */
function cardStateOf(row: CardStateRow): CardStateRecord {
  return {
    cardId: row[0],
    dueMs: row[1],
    stability: row[2],
    difficulty: row[3],
    elapsedDays: row[4],
    scheduledDays: row[5],
    learningSteps: row[6],
    reps: row[7],
    lapses: row[8],
    state: row[9],
    lastReviewMs: row[10],
  }
}

/** One review as the optimizer and the simulation read it (no points, no snapshot). */
export interface HistoryReview {
  cardId: string
  rating: number
  stateBefore: number
  reviewedAtMs: number
  durationMs: number
}

/** One review's points (JSON arrays of point ids, as stored): the per-point memory's input. */
export interface PointReview {
  cardId: string
  reviewedAtMs: number
  pointsTicked: string
  pointsAll: string
}

/** A card's latest review, for saying why its due moved. */
export interface LastReview {
  cardId: string
  rating: number
  reviewedAtMs: number
  snapshot: string | null
  dueAfterMs: number
}

export interface DueMove {
  cardId: string
  /** The due it has now; the move only happens if it still has it. */
  fromMs: number
  toMs: number
  scheduledDays: number
}

function preparePlanQueries(db: Db) {
  const statements = {
    // Rows as arrays (half the cost of named rows for a learner's thousands of cards).
    cardStates: `SELECT card_id, due_ms, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses,
           state, last_review_ms FROM card_states WHERE learner_id = ? ORDER BY card_id`,
    history: `SELECT card_id, rating, state_before, reviewed_at_ms, duration_ms
         FROM review_logs WHERE learner_id = ? ORDER BY card_id, reviewed_at_ms, id`,
    points: `SELECT card_id AS cardId, reviewed_at_ms AS reviewedAtMs, points_ticked AS pointsTicked, points_all AS pointsAll
       FROM review_logs WHERE learner_id = ? ORDER BY card_id, reviewed_at_ms, id`,
    // SQLite takes the bare columns from the row that holds max(reviewed_at_ms); PostgreSQL
    // says the same with DISTINCT ON (the later id breaks a tie, as the review loop's "last review" does).
    lastReviews:
      db.dialect === 'postgres'
        ? `SELECT DISTINCT ON (card_id) card_id AS cardId, rating, reviewed_at_ms AS reviewedAtMs, snapshot,
             due_after_ms AS dueAfterMs
           FROM review_logs WHERE learner_id = ? ORDER BY card_id, reviewed_at_ms DESC, id DESC`
        : `SELECT card_id AS cardId, rating, max(reviewed_at_ms) AS reviewedAtMs, snapshot, due_after_ms AS dueAfterMs
       FROM review_logs WHERE learner_id = ? GROUP BY card_id`,
    moveDue: `UPDATE card_states SET due_ms = @toMs, scheduled_days = @scheduledDays
       WHERE learner_id = @learnerId AND card_id = @cardId AND due_ms = @fromMs`,
    saveParameters: `INSERT INTO learner_settings (learner_id, timezone, updated_at_ms, fsrs_parameters) VALUES (?, 'UTC', ?, ?)
       ON CONFLICT (learner_id) DO UPDATE SET fsrs_parameters = excluded.fsrs_parameters`,
    saveRetention: `INSERT INTO learner_settings (learner_id, timezone, updated_at_ms, desired_retention) VALUES (?, 'UTC', ?, ?)
       ON CONFLICT (learner_id) DO UPDATE SET desired_retention = excluded.desired_retention,
         updated_at_ms = excluded.updated_at_ms`,
  }

  return {
    /** Moves on every write of the learner's card states (a grade, an undo, a due moved, an import). */
    async findCardStatesVersionByLearnerId({ learnerId }: { learnerId: string }): Promise<string> {
      return learnerVersionQueries(db).findLearnerVersion(learnerId, 'card_states')
    },
    async getCardStatesByLearnerId({ learnerId }: { learnerId: string }): Promise<CardStateRecord[]> {
      return (await db.values<CardStateRow>(statements.cardStates, learnerId)).map(cardStateOf)
    },
    /** Every review, grouped by card, each card's in time order. */
    async getReviewHistoryByLearnerId({ learnerId }: { learnerId: string }): Promise<HistoryReview[]> {
      return (await db.values<[string, number, number, number, number]>(statements.history, learnerId)).map(
        ([cardId, rating, stateBefore, reviewedAtMs, durationMs]) => ({
          cardId,
          rating,
          stateBefore,
          reviewedAtMs,
          durationMs,
        }),
      )
    },
    async getPointReviewsByLearnerId({ learnerId }: { learnerId: string }): Promise<PointReview[]> {
      return (await db.all(statements.points, learnerId)) as PointReview[]
    },
    async getLastReviewOfEachCardByLearnerId({ learnerId }: { learnerId: string }): Promise<LastReview[]> {
      return (await db.all(statements.lastReviews, learnerId)) as LastReview[]
    },
    /** Moves dues earlier in one transaction; a due that changed meanwhile (a grade) is left alone. */
    async moveCardDuesByLearnerId({
      learnerId,
      moves,
    }: {
      learnerId: string
      moves: readonly DueMove[]
    }): Promise<number> {
      return db.transaction(
        async (tx) => {
          let moved = 0
          for (const move of moves)
            moved += (await tx.run(statements.moveDue, { learnerId, ...move })).changes
          return moved
        },
        { lockKey: learnerId },
      )
    },
    /** null: back to FSRS's defaults. A learner without a settings row gets one (defaults, UTC until the browser says). */
    async saveFsrsParametersByLearnerId({
      learnerId,
      parameters,
      nowMs,
    }: {
      learnerId: string
      parameters: readonly number[] | null
      nowMs: number
    }): Promise<void> {
      await db.run(
        statements.saveParameters,
        learnerId,
        nowMs,
        parameters === null ? null : JSON.stringify(parameters),
      )
    },
    async saveDesiredRetentionByLearnerId({
      learnerId,
      desiredRetention,
      nowMs,
    }: {
      learnerId: string
      desiredRetention: number
      nowMs: number
    }): Promise<void> {
      await db.run(statements.saveRetention, learnerId, nowMs, desiredRetention)
    },
  }
}

export type PlanQueries = ReturnType<typeof preparePlanQueries>

export const planQueries = perConnection(preparePlanQueries)
