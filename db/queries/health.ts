// The liveness probe's one query: the connection opens (migrated) and answers.
import type { Sqlite } from '../open'
import { perConnection } from './per-connection'

function prepareHealthQueries(sqlite: Sqlite) {
  const ping = sqlite.prepare('SELECT 1')
  return {
    checkDatabaseAnswers(): void {
      ping.get()
    },
  }
}

export const healthQueries = perConnection(prepareHealthQueries)
