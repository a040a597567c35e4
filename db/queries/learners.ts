// Named reads and writes of the learners table (the anonymous learner behind the cookie).
import type { Sqlite } from '../open'
import { perConnection } from './per-connection'

export interface LearnerRecord {
  id: string
  createdAtMs: number
  /** The live console's sandbox account, once the learner opened the Live tab. */
  accountId: number | null
}

function prepareLearnerQueries(sqlite: Sqlite) {
  const statements = {
    insertIfMissing: sqlite.prepare(
      'INSERT INTO learners (id, created_at_ms) VALUES (?, ?) ON CONFLICT DO NOTHING',
    ),
    byId: sqlite.prepare(
      'SELECT id, created_at_ms AS createdAtMs, account_id AS accountId FROM learners WHERE id = ?',
    ),
    linkAccount: sqlite.prepare('UPDATE learners SET account_id = ? WHERE id = ?'),
  }

  return {
    /** Stores the learner at their first write; a later call changes nothing. */
    insertLearnerIfMissing({ learnerId, nowMs }: { learnerId: string; nowMs: number }): void {
      statements.insertIfMissing.run(learnerId, nowMs)
    },
    findLearnerById({ learnerId }: { learnerId: string }): LearnerRecord | undefined {
      return statements.byId.get(learnerId) as LearnerRecord | undefined
    },
    linkLearnerToAccount({ learnerId, accountId }: { learnerId: string; accountId: number }): void {
      statements.linkAccount.run(accountId, learnerId)
    },
  }
}

export type LearnerQueries = ReturnType<typeof prepareLearnerQueries>
export const learnerQueries = perConnection(prepareLearnerQueries)
