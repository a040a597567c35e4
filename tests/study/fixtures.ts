// A fresh in-memory study database (same migrations as the app) and a small deck.
import { migrateSqlite, openSqlite, type Sqlite } from '@/db/open'
import { learnerQueries } from '@/db/queries/learners'
import { studyQueries } from '@/db/queries/study'
import type { StudyCard } from '@/lib/srs/study-card'

export function freshDatabase(): Sqlite {
  const sqlite = openSqlite(':memory:')
  migrateSqlite(sqlite)
  return sqlite
}

export function addLearner(
  sqlite: Sqlite,
  learnerId: string,
  settings: { timezone?: string; rolloverHour?: number; sameDaySteps?: boolean; newPerDay?: number } = {},
): string {
  learnerQueries(sqlite).insertLearnerIfMissing({ learnerId, nowMs: 0 })
  studyQueries(sqlite).saveLearnerSettings({
    learnerId,
    desiredRetention: 0.9,
    newPerDay: settings.newPerDay ?? 20,
    reviewsPerDay: 200,
    sameDaySteps: settings.sameDaySteps ?? false,
    rolloverHour: settings.rolloverHour ?? 4,
    timezone: settings.timezone ?? 'Europe/Berlin',
    updatedAtMs: 0,
  })
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
