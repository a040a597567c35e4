// Test helpers: a fresh migrated in-memory database and reviews recorded by the
// review loop's own code (lib/review gradeReview). Imported by unit tests only; the
// raw-row comparisons (studyRows) are a tests/ fixture, tests/review/rows.ts.
// The helpers take the data layer (a Db, SQLite's or PostgreSQL's) or a raw SQLite
// connection (wrapped in its Db), so a test that reads raw rows can keep its connection.
import type { Rating } from 'ts-fsrs'
import { migrateSqlite, openSqlite, type Sqlite } from '@/db/open'
import { learnerQueries } from '@/db/queries/learners'
import type { Db } from '@/db/sql/db'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { type GradeResult, gradeReview } from '@/lib/review/grade-review'
import { type GradeRating, suggestRecallRating } from '@/lib/srs/rubric'
import type { StudyCard } from '@/lib/srs/study-card'

export function freshDatabase(): Sqlite {
  const sqlite = openSqlite(':memory:')
  migrateSqlite(sqlite)
  return sqlite
}

/** The Db for a raw connection, or the Db itself. */
export function asDb(database: Db | Sqlite): Db {
  return 'dialect' in database ? database : sqliteDb(database)
}

export async function addLearner(database: Db | Sqlite, learnerId: string, nowMs = 0): Promise<string> {
  await learnerQueries(asDb(database)).insertLearnerIfMissing({ learnerId, nowMs })
  return learnerId
}

export interface RecordedReview {
  cardId: string
  rating: Rating
  nowMs: number
  /** The card's points (ids) at review time; none is critical in these tests. */
  pointsAll: string[]
  pointsTicked: string[]
  durationMs?: number
  attemptToken?: string
}

/** Grades a card through the review loop's own use case (claim, schedule, state + log in one transaction). */
export async function recordReview(
  database: Db | Sqlite,
  learnerId: string,
  review: RecordedReview,
): Promise<GradeResult> {
  const deck: StudyCard[] = [
    {
      id: review.cardId,
      points: review.pointsAll.map((id) => ({ id, text: `Point ${id}`, critical: false })),
    },
  ]
  return gradeReview(
    asDb(database),
    deck,
    {
      learnerId,
      cardId: review.cardId,
      attemptToken: review.attemptToken ?? `attempt-${review.cardId}-${review.nowMs}`,
      rating: review.rating as GradeRating,
      pointsTicked: review.pointsTicked,
      durationMs: review.durationMs ?? 30_000,
      answerMode: 'aloud',
      nowMs: review.nowMs,
    },
    suggestRecallRating,
  )
}
