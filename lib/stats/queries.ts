// Reads one learner's study state for the stats page, decoded into the stats'
// inputs. Takes the SQLite handle so tests can pass their own database; the page
// passes the app's. The SQL is in db/queries (stats.ts, study.ts).
import type { Sqlite } from '@/db/open'
import { statsQueries } from '@/db/queries/stats'
import { type CardStateRecord, studyQueries } from '@/db/queries/study'
import { Lru } from '@/lib/lru'
import { defaultStatsSettings, type StatsReview, type StatsSettings } from './inputs'

function parseIdList(json: string): string[] {
  const value: unknown = JSON.parse(json)
  if (!Array.isArray(value)) throw new Error(`Expected a JSON array of point ids, got ${json}`)
  return value.map(String)
}

function readStatsReviews(sqlite: Sqlite, learnerId: string): StatsReview[] {
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

/** Histories kept per connection: a few learners, none longer than this (a /stats view reads every review). */
const KEPT_LEARNERS = 16
const KEPT_REVIEWS_AT_MOST = 10_000
const kept = new WeakMap<Sqlite, Lru<string, { version: string; reviews: StatsReview[] }>>()

/**
 * Every review of the learner, oldest first, decoded. Reading and decoding a long history is
 * most of a /stats view's work, and between two views it rarely changes: the decoded rows are
 * kept while the log's version (count and newest id, one read of an index) stays the same.
 * The version is read first, so a review written meanwhile can only make the kept copy newer
 * than its version, and the next view reads it again. Callers must not change the rows.
 */
export function getStatsReviewsByLearnerId(sqlite: Sqlite, learnerId: string): readonly StatsReview[] {
  let byLearner = kept.get(sqlite)
  if (!byLearner) {
    byLearner = new Lru(KEPT_LEARNERS)
    kept.set(sqlite, byLearner)
  }
  const version = statsQueries(sqlite).findReviewLogVersionByLearnerId({ learnerId })
  const held = byLearner.get(learnerId)
  if (held?.version === version) return held.reviews
  const reviews = readStatsReviews(sqlite, learnerId)
  if (reviews.length <= KEPT_REVIEWS_AT_MOST) byLearner.set(learnerId, { version, reviews })
  else byLearner.delete(learnerId)
  return reviews
}

export function getCardStatesByLearnerId(sqlite: Sqlite, learnerId: string): CardStateRecord[] {
  return studyQueries(sqlite).listCardStatesByLearnerId({ learnerId })
}

export function getStatsSettingsByLearnerId(sqlite: Sqlite, learnerId: string): StatsSettings {
  return statsQueries(sqlite).findStatsSettingsByLearnerId({ learnerId }) ?? defaultStatsSettings
}
