// The replay table of grade requests (review_requests): one row per (learner, key).
// Queries only: the grade use case (lib/review/grade-review.ts) runs them inside the
// review log's own transaction, so the key and the log commit together or not at all.
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'

export interface ReviewRequestRecord {
  learnerId: string
  key: string
  fingerprint: string
  status: 'processing' | 'completed'
  leaseUntilMs: number
  logId: number | null
  responseStatus: number | null
  responseBody: string | null
  createdAtMs: number
}

const columns = `learner_id AS learnerId, key, fingerprint, status, lease_until_ms AS leaseUntilMs,
  log_id AS logId, response_status AS responseStatus, response_body AS responseBody, created_at_ms AS createdAtMs`

function prepareReviewRequestQueries(db: Db) {
  const statements = {
    byKey: `SELECT ${columns} FROM review_requests WHERE learner_id = ? AND key = ?`,
    insertCompleted: `INSERT INTO review_requests (learner_id, key, fingerprint, status, lease_until_ms, log_id,
         response_status, response_body, created_at_ms)
       VALUES (@learnerId, @key, @fingerprint, 'completed', @nowMs, @logId, @responseStatus, @responseBody, @nowMs)
       ON CONFLICT (learner_id, key) DO UPDATE SET fingerprint = excluded.fingerprint, status = 'completed',
         log_id = excluded.log_id, response_status = excluded.response_status,
         response_body = excluded.response_body
       WHERE review_requests.status = 'processing'`,
    insertProcessing: `INSERT INTO review_requests (learner_id, key, fingerprint, status, lease_until_ms, created_at_ms)
       VALUES (?, ?, ?, 'processing', ?, ?) ON CONFLICT DO NOTHING`,
  }
  return {
    async getReviewRequestByKey({ learnerId, key }: { learnerId: string; key: string }) {
      return (await db.get(statements.byKey, learnerId, key)) as ReviewRequestRecord | undefined
    },
    /**
     * Stores the outcome of a first write (or of a takeover of an expired 'processing' claim).
     * Returns false when a completed row already holds the key: the caller's transaction must roll back.
     */
    async completeReviewRequest(
      row: Pick<ReviewRequestRecord, 'learnerId' | 'key' | 'fingerprint'> & {
        logId: number
        responseStatus: number
        responseBody: string
        nowMs: number
      },
    ): Promise<boolean> {
      return (await db.run(statements.insertCompleted, row)).changes === 1
    },
    /** A claim without an outcome yet (a writer that claims before it grades, and the tests). */
    async claimReviewRequest({
      learnerId,
      key,
      fingerprint,
      leaseUntilMs,
      nowMs,
    }: Pick<ReviewRequestRecord, 'learnerId' | 'key' | 'fingerprint' | 'leaseUntilMs'> & {
      nowMs: number
    }): Promise<boolean> {
      return (
        (await db.run(statements.insertProcessing, learnerId, key, fingerprint, leaseUntilMs, nowMs))
          .changes === 1
      )
    },
  }
}

export type ReviewRequestQueries = ReturnType<typeof prepareReviewRequestQueries>

export const reviewRequestQueries = perConnection(prepareReviewRequestQueries)
