// Named reads and writes for the interview plan (lib/plan): the learner's card
// states and review history as the plan, the optimizer and "Help me decide" read
// them, moving dues into the final window, and the two settings the plan writes on
// its own (fitted FSRS parameters, a chosen desired retention). Prepared once per
// connection; the connection is passed in, as in db/queries/study.ts.
import type { Sqlite } from '../open'
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

function preparePlanQueries(sqlite: Sqlite) {
  const statements = {
    // Rows as arrays (half the cost of named rows for a learner's thousands of cards).
    cardStates: sqlite
      .prepare(
        `SELECT card_id, due_ms, stability, difficulty, elapsed_days, scheduled_days, learning_steps, reps, lapses,
           state, last_review_ms FROM card_states WHERE learner_id = ? ORDER BY card_id`,
      )
      .raw(true),
    history: sqlite
      .prepare(
        `SELECT card_id, rating, state_before, reviewed_at_ms, duration_ms
         FROM review_logs WHERE learner_id = ? ORDER BY card_id, reviewed_at_ms, id`,
      )
      .raw(true),
    points: sqlite.prepare(
      `SELECT card_id AS cardId, reviewed_at_ms AS reviewedAtMs, points_ticked AS pointsTicked, points_all AS pointsAll
       FROM review_logs WHERE learner_id = ? ORDER BY card_id, reviewed_at_ms, id`,
    ),
    // SQLite takes the bare columns from the row that holds max(reviewed_at_ms).
    lastReviews: sqlite.prepare(
      `SELECT card_id AS cardId, rating, max(reviewed_at_ms) AS reviewedAtMs, snapshot, due_after_ms AS dueAfterMs
       FROM review_logs WHERE learner_id = ? GROUP BY card_id`,
    ),
    moveDue: sqlite.prepare(
      `UPDATE card_states SET due_ms = @toMs, scheduled_days = @scheduledDays
       WHERE learner_id = @learnerId AND card_id = @cardId AND due_ms = @fromMs`,
    ),
    saveParameters: sqlite.prepare(
      `INSERT INTO learner_settings (learner_id, timezone, updated_at_ms, fsrs_parameters) VALUES (?, 'UTC', ?, ?)
       ON CONFLICT (learner_id) DO UPDATE SET fsrs_parameters = excluded.fsrs_parameters`,
    ),
    saveRetention: sqlite.prepare(
      `INSERT INTO learner_settings (learner_id, timezone, updated_at_ms, desired_retention) VALUES (?, 'UTC', ?, ?)
       ON CONFLICT (learner_id) DO UPDATE SET desired_retention = excluded.desired_retention,
         updated_at_ms = excluded.updated_at_ms`,
    ),
  }

  return {
    getCardStatesByLearnerId({ learnerId }: { learnerId: string }): CardStateRecord[] {
      return (statements.cardStates.all(learnerId) as CardStateRow[]).map(
        ([
          cardId,
          dueMs,
          stability,
          difficulty,
          elapsedDays,
          scheduledDays,
          learningSteps,
          reps,
          lapses,
          state,
          lastReviewMs,
        ]) => ({
          cardId,
          dueMs,
          stability,
          difficulty,
          elapsedDays,
          scheduledDays,
          learningSteps,
          reps,
          lapses,
          state,
          lastReviewMs,
        }),
      )
    },
    /** Every review, grouped by card, each card's in time order. */
    getReviewHistoryByLearnerId({ learnerId }: { learnerId: string }): HistoryReview[] {
      return (statements.history.all(learnerId) as [string, number, number, number, number][]).map(
        ([cardId, rating, stateBefore, reviewedAtMs, durationMs]) => ({
          cardId,
          rating,
          stateBefore,
          reviewedAtMs,
          durationMs,
        }),
      )
    },
    getPointReviewsByLearnerId({ learnerId }: { learnerId: string }): PointReview[] {
      return statements.points.all(learnerId) as PointReview[]
    },
    getLastReviewOfEachCardByLearnerId({ learnerId }: { learnerId: string }): LastReview[] {
      return statements.lastReviews.all(learnerId) as LastReview[]
    },
    /** Moves dues earlier in one transaction; a due that changed meanwhile (a grade) is left alone. */
    moveCardDuesByLearnerId({ learnerId, moves }: { learnerId: string; moves: readonly DueMove[] }): number {
      let moved = 0
      sqlite.transaction(() => {
        for (const move of moves) moved += statements.moveDue.run({ learnerId, ...move }).changes
      })()
      return moved
    },
    /** null: back to FSRS's defaults. A learner without a settings row gets one (defaults, UTC until the browser says). */
    saveFsrsParametersByLearnerId({
      learnerId,
      parameters,
      nowMs,
    }: {
      learnerId: string
      parameters: readonly number[] | null
      nowMs: number
    }): void {
      statements.saveParameters.run(learnerId, nowMs, parameters === null ? null : JSON.stringify(parameters))
    },
    saveDesiredRetentionByLearnerId({
      learnerId,
      desiredRetention,
      nowMs,
    }: {
      learnerId: string
      desiredRetention: number
      nowMs: number
    }): void {
      statements.saveRetention.run(learnerId, nowMs, desiredRetention)
    },
  }
}

export type PlanQueries = ReturnType<typeof preparePlanQueries>

const cache = new WeakMap<Sqlite, PlanQueries>()

export function planQueries(sqlite: Sqlite): PlanQueries {
  let queries = cache.get(sqlite)
  if (!queries) {
    queries = preparePlanQueries(sqlite)
    cache.set(sqlite, queries)
  }
  return queries
}
