// The counters triggers keep per learner and kind (db/schema.ts learnerVersions; migrations 0010 and
// 0011 / pg 0008 and 0009): raised on every insert, update and delete of the kind's rows, so a kept
// view compares one row read, however long the history. A learner without a row has version 0.
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'

export type VersionedKind = 'review_logs' | 'own_cards' | 'card_states'

function prepareLearnerVersionQueries(db: Db) {
  const statement = 'SELECT version FROM learner_versions WHERE learner_id = ? AND kind = ?'
  return {
    async findLearnerVersion(learnerId: string, kind: VersionedKind): Promise<string> {
      const row = await db.get<{ version: number | string }>(statement, learnerId, kind)
      return String(row?.version ?? 0)
    },
  }
}

export const learnerVersionQueries = perConnection(prepareLearnerVersionQueries)
