// Every study row of a learner, as stored (snake_case columns, JSON as text), for
// "nothing changed" comparisons: raw SQL on purpose, so a test sees what the
// named queries would hide.
import type { Sqlite } from '@/db/open'

export function studyRows(sqlite: Sqlite, learnerId: string) {
  return {
    settings: sqlite.prepare('SELECT * FROM learner_settings WHERE learner_id = ?').all(learnerId),
    cardStates: sqlite
      .prepare('SELECT * FROM card_states WHERE learner_id = ? ORDER BY card_id')
      .all(learnerId),
    reviewLogs: sqlite.prepare('SELECT * FROM review_logs WHERE learner_id = ? ORDER BY id').all(learnerId),
  }
}
