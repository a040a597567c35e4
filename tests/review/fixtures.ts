// A fresh in-memory study database (same migrations as the app) and a small deck.
// The raw connection stays synchronous for fixtures and row checks; lib code gets
// `sqliteDb(sqlite)` (db/sql/sqlite-db), or any Db through `addLearnerOn`.
import { migrateSqlite, openSqlite, type Sqlite } from '@/db/open'
import { learnerQueries } from '@/db/queries/learners'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import type { StudyCard } from '@/lib/srs/study-card'

export interface LearnerFixtureSettings {
  timezone?: string
  rolloverHour?: number
  sameDaySteps?: boolean
  newPerDay?: number
}

export function freshDatabase(): Sqlite {
  const sqlite = openSqlite(':memory:')
  migrateSqlite(sqlite)
  return sqlite
}

function fixtureSettings(learnerId: string, settings: LearnerFixtureSettings) {
  return {
    learnerId,
    desiredRetention: 0.9,
    newPerDay: settings.newPerDay ?? 20,
    reviewsPerDay: 200,
    sameDaySteps: settings.sameDaySteps ?? false,
    rolloverHour: settings.rolloverHour ?? 4,
    timezone: settings.timezone ?? 'Europe/Berlin',
    updatedAtMs: 0,
  }
}

/** A learner with settings, on the raw connection (synchronous, for fixtures). */
export function addLearner(sqlite: Sqlite, learnerId: string, settings: LearnerFixtureSettings = {}): string {
  const row = fixtureSettings(learnerId, settings)
  sqlite
    .prepare('INSERT INTO learners (id, created_at_ms) VALUES (?, 0) ON CONFLICT DO NOTHING')
    .run(learnerId)
  sqlite
    .prepare(
      `INSERT OR REPLACE INTO learner_settings (learner_id, desired_retention, new_per_day, reviews_per_day,
         same_day_steps, rollover_hour, timezone, updated_at_ms, interview_date, max_new_per_day)
       VALUES (@learnerId, @desiredRetention, @newPerDay, @reviewsPerDay, @sameDaySteps, @rolloverHour,
         @timezone, @updatedAtMs, NULL, 50)`,
    )
    .run({ ...row, sameDaySteps: row.sameDaySteps ? 1 : 0 })
  return learnerId
}

/** The same learner through the named queries, on any Db (SQLite or PostgreSQL). */
export async function addLearnerOn(db: Db, learnerId: string, settings: LearnerFixtureSettings = {}) {
  await learnerQueries(db).insertLearnerIfMissing({ learnerId, nowMs: 0 })
  await studyQueries(db).saveLearnerSettings(fixtureSettings(learnerId, settings))
  return learnerId
}

/** Shaped like the idempotency card: five points, the second one critical. */
export const fivePointCard: StudyCard = {
  id: 'idempotency-keys',
  points: [
    { id: 'one-key-per-intent', text: 'One key per logical operation', critical: false },
    { id: 'claim-before-effect', text: 'Claim the key before the effect', critical: true },
    { id: 'replay-stored-response', text: 'Store and replay the response', critical: false },
    { id: 'reject-changed-body', text: 'Reject a changed body with 422', critical: false },
    { id: 'expiry-and-scope', text: 'Expire after hours to days, scope per account', critical: false },
  ],
}

export const followUpCard: StudyCard = {
  id: 'in-flight-retry',
  points: [
    { id: 'return-409', text: 'Answer 409 with Retry-After', critical: true },
    { id: 'never-second-charge', text: 'Never start a second charge', critical: false },
  ],
}

export const deck: readonly StudyCard[] = [fivePointCard, followUpCard]

/** A grade request's body as POST /api/review/grade takes it with an Idempotency-Key, reviewed a minute before `nowMs`. */
export function keyedGradeBody(nowMs: number, rating: 1 | 2 | 3 | 4 = 3) {
  return {
    cardId: fivePointCard.id,
    rating,
    pointsTicked: ['one-key-per-intent'],
    durationMs: 30_000,
    answerMode: 'aloud' as const,
    reviewedAt: new Date(nowMs - 60_000).toISOString(),
  }
}

export function cardStateRow(sqlite: Sqlite, learnerId: string, cardId: string) {
  return sqlite
    .prepare('SELECT * FROM card_states WHERE learner_id = ? AND card_id = ?')
    .get(learnerId, cardId)
}

export function reviewLogCount(sqlite: Sqlite, learnerId?: string): number {
  const row = (
    learnerId === undefined
      ? sqlite.prepare('SELECT count(*) AS n FROM review_logs').get()
      : sqlite.prepare('SELECT count(*) AS n FROM review_logs WHERE learner_id = ?').get(learnerId)
  ) as { n: number }
  return row.n
}

/** Review logs on any Db (SQLite or PostgreSQL). */
export async function reviewLogCountOn(db: Db, learnerId: string): Promise<number> {
  const row = await db.get<{ n: number }>(
    'SELECT count(*) AS n FROM review_logs WHERE learner_id = ?',
    learnerId,
  )
  return row?.n ?? 0
}
