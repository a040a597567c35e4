// Reads one learner's study state for the stats page. Takes the SQLite handle so
// tests can pass their own database; the page passes the app's.
import type { Sqlite } from '@/db/open'
import { type CardStateRecord, cardStateColumns } from '@/db/queries/study'
import { defaultStatsSettings, type StatsReview, type StatsSettings } from './inputs'

function parseIdList(json: string): string[] {
  const value: unknown = JSON.parse(json)
  if (!Array.isArray(value)) throw new Error(`Expected a JSON array of point ids, got ${json}`)
  return value.map(String)
}

interface ReviewRow {
  cardId: string
  rating: number
  stateBefore: number
  reviewedAtMs: number
  durationMs: number
  pointsTicked: string
  pointsAll: string
}

export function getStatsReviewsByLearnerId(sqlite: Sqlite, learnerId: string): StatsReview[] {
  const rows = sqlite
    .prepare(
      `SELECT card_id AS cardId, rating, state_before AS stateBefore, reviewed_at_ms AS reviewedAtMs,
              duration_ms AS durationMs, points_ticked AS pointsTicked, points_all AS pointsAll
       FROM review_logs WHERE learner_id = ? ORDER BY reviewed_at_ms, id`,
    )
    .all(learnerId) as ReviewRow[]
  return rows.map((row) => ({
    ...row,
    pointsTicked: parseIdList(row.pointsTicked),
    pointsAll: parseIdList(row.pointsAll),
  }))
}

export function getCardStatesByLearnerId(sqlite: Sqlite, learnerId: string): CardStateRecord[] {
  return sqlite
    .prepare(`SELECT ${cardStateColumns} FROM card_states WHERE learner_id = ? ORDER BY card_id`)
    .all(learnerId) as CardStateRecord[]
}

export function getStatsSettingsByLearnerId(sqlite: Sqlite, learnerId: string): StatsSettings {
  const row = sqlite
    .prepare(
      `SELECT desired_retention AS desiredRetention, timezone, rollover_hour AS rolloverHour
       FROM learner_settings WHERE learner_id = ?`,
    )
    .get(learnerId) as StatsSettings | undefined
  return row ?? defaultStatsSettings
}
