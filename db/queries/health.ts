// The liveness probe's one query: the connection opens (migrated) and answers.
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'

function prepareHealthQueries(db: Db) {
  return {
    async checkDatabaseAnswers(): Promise<void> {
      await db.get('SELECT 1')
    },
  }
}

export const healthQueries = perConnection(prepareHealthQueries)
