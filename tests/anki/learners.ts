// A fresh migrated in-memory database for the own-card and Anki tests: the raw
// connection (row comparisons) and the async data layer over it (what lib code takes).
// Learners are stored through the app's own queries, with the default study settings.
import { migrateSqlite, openSqlite, type Sqlite } from '@/db/open'
import { learnerQueries } from '@/db/queries/learners'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { sqliteDb } from '@/db/sql/sqlite-db'

export function freshStudyDb(): { sqlite: Sqlite; db: Db } {
  const sqlite = openSqlite(':memory:')
  migrateSqlite(sqlite)
  return { sqlite, db: sqliteDb(sqlite) }
}

/** Stores the learner (and, with `settings`, the study settings the review tests use). */
export async function addStudyLearner(
  db: Db,
  learnerId: string,
  { settings = false }: { settings?: boolean } = {},
): Promise<string> {
  await learnerQueries(db).insertLearnerIfMissing({ learnerId, nowMs: 0 })
  if (settings)
    await studyQueries(db).saveLearnerSettings({
      learnerId,
      desiredRetention: 0.9,
      newPerDay: 20,
      reviewsPerDay: 200,
      sameDaySteps: false,
      rolloverHour: 4,
      timezone: 'Europe/Berlin',
      updatedAtMs: 0,
    })
  return learnerId
}
