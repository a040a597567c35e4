// Named reads and writes of the learners table (the anonymous learner behind the cookie).
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'

export interface LearnerRecord {
  id: string
  createdAtMs: number
  /** The live console's sandbox account, once the learner opened the Live tab. */
  accountId: number | null
}

function prepareLearnerQueries(db: Db) {
  const statements = {
    insertIfMissing: 'INSERT INTO learners (id, created_at_ms) VALUES (?, ?) ON CONFLICT DO NOTHING',
    byId: 'SELECT id, created_at_ms AS createdAtMs, account_id AS accountId FROM learners WHERE id = ?',
  }

  return {
    /** Stores the learner at their first write; a later call changes nothing. */
    async insertLearnerIfMissing({ learnerId, nowMs }: { learnerId: string; nowMs: number }): Promise<void> {
      await db.run(statements.insertIfMissing, learnerId, nowMs)
    },
    async findLearnerById({ learnerId }: { learnerId: string }): Promise<LearnerRecord | undefined> {
      return (await db.get(statements.byId, learnerId)) as LearnerRecord | undefined
    },
  }
}

export type LearnerQueries = ReturnType<typeof prepareLearnerQueries>
export const learnerQueries = perConnection(prepareLearnerQueries)
