// Reads one learner's study state for the stats page, decoded into the stats'
// inputs. Takes the SQLite handle so tests can pass their own database; the page
// passes the app's. The SQL is in db/queries (stats.ts, study.ts).
import type { Sqlite } from '@/db/open'
import { statsQueries } from '@/db/queries/stats'
import { type CardStateRecord, studyQueries } from '@/db/queries/study'
import { defaultStatsSettings, type StatsReview, type StatsSettings } from './inputs'

function parseIdList(json: string): string[] {
  const value: unknown = JSON.parse(json)
  if (!Array.isArray(value)) throw new Error(`Expected a JSON array of point ids, got ${json}`)
  return value.map(String)
}

export function getStatsReviewsByLearnerId(sqlite: Sqlite, learnerId: string): StatsReview[] {
  return statsQueries(sqlite)
    .listStatsReviewsByLearnerId({ learnerId })
    .map((row) => ({
      ...row,
      pointsTicked: parseIdList(row.pointsTicked),
      pointsAll: parseIdList(row.pointsAll),
    }))
}

export function getCardStatesByLearnerId(sqlite: Sqlite, learnerId: string): CardStateRecord[] {
  return studyQueries(sqlite).listCardStatesByLearnerId({ learnerId })
}

export function getStatsSettingsByLearnerId(sqlite: Sqlite, learnerId: string): StatsSettings {
  return statsQueries(sqlite).findStatsSettingsByLearnerId({ learnerId }) ?? defaultStatsSettings
}
