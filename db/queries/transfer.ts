// Named reads and writes the study-state transfer needs beyond the review loop's own
// (study.ts): the whole review log for an export, and an import's rows in batches — the
// duplicate checks and the inserts of card states and review logs, many rows per statement
// (one statement per row is 30,000 round trips for a 10,000-log file on PostgreSQL). The
// batch statements write the same columns, with the same conflict rules, as the review
// loop's own (study.ts upsertCardState, claimReview).
import type { Db } from '../sql/db'
import { inBatches, placeholders } from './batches'
import { perConnection } from './per-connection'
import {
  type CardStateRecord,
  type NewReviewLogRecord,
  type ReviewLogRecord,
  reviewLogColumns,
} from './study'

const list = (n: number) => Array.from({ length: n }, () => '?').join(', ')

const cardStateInsertColumns = `learner_id, card_id, due_ms, stability, difficulty, elapsed_days, scheduled_days,
  learning_steps, reps, lapses, state, last_review_ms`
const reviewLogInsertColumns = `learner_id, card_id, attempt_token, rating, suggested_rating, points_ticked, points_all,
  duration_ms, answer_mode, state_before, reviewed_at_ms, snapshot, due_after_ms`

/** Every row `statementFor(n)` answers for the learner and `items` (n of them per statement), asked in batches. */
async function learnerRowsIn<Row extends unknown[]>(
  db: Db,
  statementFor: (n: number) => string,
  learnerId: string,
  items: readonly unknown[],
): Promise<Row[]> {
  const rows: Row[] = []
  for (const batch of inBatches(items))
    rows.push(...(await db.values<Row>(statementFor(batch.length), learnerId, ...batch)))
  return rows
}

function prepareTransferQueries(db: Db) {
  const statements = {
    reviewLogs: `SELECT ${reviewLogColumns} FROM review_logs WHERE learner_id = ? ORDER BY reviewed_at_ms, id`,
    logByCardAndTime:
      'SELECT id FROM review_logs WHERE learner_id = ? AND card_id = ? AND reviewed_at_ms = ?',
    tokensIn: (n: number) =>
      `SELECT attempt_token FROM review_logs WHERE learner_id = ? AND attempt_token IN (${list(n)})`,
    // The learner_time index finds the times; the card is compared on the few rows found.
    cardTimesIn: (n: number) =>
      `SELECT card_id, reviewed_at_ms FROM review_logs WHERE learner_id = ? AND reviewed_at_ms IN (${list(n)})`,
    lastReviewsIn: (n: number) =>
      `SELECT card_id, last_review_ms FROM card_states WHERE learner_id = ? AND card_id IN (${list(n)})`,
    upsertCardStates: (n: number) =>
      `INSERT INTO card_states (${cardStateInsertColumns}) VALUES ${placeholders(12, n)}
       ON CONFLICT (learner_id, card_id) DO UPDATE SET due_ms = excluded.due_ms, stability = excluded.stability,
         difficulty = excluded.difficulty, elapsed_days = excluded.elapsed_days,
         scheduled_days = excluded.scheduled_days, learning_steps = excluded.learning_steps, reps = excluded.reps,
         lapses = excluded.lapses, state = excluded.state, last_review_ms = excluded.last_review_ms`,
    insertReviewLogs: (n: number) =>
      `INSERT INTO review_logs (${reviewLogInsertColumns}) VALUES ${placeholders(13, n)}
       ON CONFLICT (learner_id, attempt_token) DO NOTHING`,
  }

  return {
    /** Every review log of the learner, oldest first. */
    async listReviewLogsByLearnerId({ learnerId }: { learnerId: string }): Promise<ReviewLogRecord[]> {
      return (await db.all(statements.reviewLogs, learnerId)) as ReviewLogRecord[]
    },
    /** The same review come through another install (another attempt token), if any. */
    async findReviewLogIdByCardAndTime({
      learnerId,
      cardId,
      reviewedAtMs,
    }: {
      learnerId: string
      cardId: string
      reviewedAtMs: number
    }): Promise<number | undefined> {
      return (
        (await db.get(statements.logByCardAndTime, learnerId, cardId, reviewedAtMs)) as
          | { id: number }
          | undefined
      )?.id
    },
    /** Which of these attempt tokens the learner's log already holds. */
    async findAttemptTokensIn({
      learnerId,
      attemptTokens,
    }: {
      learnerId: string
      attemptTokens: readonly string[]
    }): Promise<Set<string>> {
      const rows = await learnerRowsIn<[string]>(db, statements.tokensIn, learnerId, attemptTokens)
      return new Set(rows.map(([token]) => token))
    },
    /** The learner's reviews at any of these times, as `cardId reviewedAtMs` keys (cardTimeKey). */
    async findCardTimesIn({
      learnerId,
      reviewedAtMs,
    }: {
      learnerId: string
      reviewedAtMs: readonly number[]
    }): Promise<Set<string>> {
      const rows = await learnerRowsIn<[string, number]>(db, statements.cardTimesIn, learnerId, [
        ...new Set(reviewedAtMs),
      ])
      return new Set(rows.map(([cardId, at]) => cardTimeKey(cardId, at)))
    },
    /** Each of these cards' stored last review (null: never reviewed); a card not stored is absent. */
    async findLastReviewsIn({
      learnerId,
      cardIds,
    }: {
      learnerId: string
      cardIds: readonly string[]
    }): Promise<Map<string, number | null>> {
      return new Map(
        await learnerRowsIn<[string, number | null]>(db, statements.lastReviewsIn, learnerId, [
          ...new Set(cardIds),
        ]),
      )
    },
    /** Inserts or replaces these card states (the review loop's upsert, many rows per statement). */
    async saveCardStates(learnerId: string, states: readonly CardStateRecord[]): Promise<void> {
      for (const batch of inBatches(states))
        await db.run(
          statements.upsertCardStates(batch.length),
          ...batch.flatMap((s) => [
            learnerId,
            s.cardId,
            s.dueMs,
            s.stability,
            s.difficulty,
            s.elapsedDays,
            s.scheduledDays,
            s.learningSteps,
            s.reps,
            s.lapses,
            s.state,
            s.lastReviewMs,
          ]),
        )
    },
    /** Inserts these review logs (an attempt token already there is skipped); how many went in. */
    async insertReviewLogs(logs: readonly NewReviewLogRecord[]): Promise<number> {
      let inserted = 0
      for (const batch of inBatches(logs))
        inserted += (
          await db.run(
            statements.insertReviewLogs(batch.length),
            ...batch.flatMap((log) => [
              log.learnerId,
              log.cardId,
              log.attemptToken,
              log.rating,
              log.suggestedRating,
              log.pointsTicked,
              log.pointsAll,
              log.durationMs,
              log.answerMode,
              log.stateBefore,
              log.reviewedAtMs,
              log.snapshot,
              log.dueAfterMs,
            ]),
          )
        ).changes
      return inserted
    },
  }
}

/** One review's card and time as one Set key (findCardTimesIn). */
export function cardTimeKey(cardId: string, reviewedAtMs: number): string {
  return `${reviewedAtMs} ${cardId}`
}

export type TransferQueries = ReturnType<typeof prepareTransferQueries>
export const transferQueries = perConnection(prepareTransferQueries)
