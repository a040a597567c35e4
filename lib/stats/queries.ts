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
  // A card's reviews mostly share one point list (and often one set of ticks): each
  // distinct JSON text is parsed once, its array shared by the rows (the stats only read them).
  const parsed = new Map<string, string[]>()
  const idList = (json: string) => {
    let list = parsed.get(json)
    if (!list) {
      list = parseIdList(json)
      parsed.set(json, list)
    }
    return list
  }
  return statsQueries(sqlite)
    .listStatsReviewsByLearnerId({ learnerId })
    .map(([cardId, rating, stateBefore, reviewedAtMs, durationMs, pointsTicked, pointsAll]) => ({
      cardId,
      rating,
      stateBefore,
      reviewedAtMs,
      durationMs,
      pointsTicked: idList(pointsTicked),
      pointsAll: idList(pointsAll),
    }))
}

export function getCardStatesByLearnerId(sqlite: Sqlite, learnerId: string): CardStateRecord[] {
  return studyQueries(sqlite).listCardStatesByLearnerId({ learnerId })
}

export function getStatsSettingsByLearnerId(sqlite: Sqlite, learnerId: string): StatsSettings {
  return statsQueries(sqlite).findStatsSettingsByLearnerId({ learnerId }) ?? defaultStatsSettings
}
