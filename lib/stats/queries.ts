// Reads one learner's study state for the stats page, decoded into the stats'
// inputs. Takes the Db so tests can pass their own database; the page passes the
// app's (studyDb). The SQL is in db/queries (stats.ts, study.ts).
import { statsQueries } from '@/db/queries/stats'
import { type CardStateRecord, studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { Lru } from '@/lib/lru'
import { defaultStatsSettings, type StatsReview, type StatsSettings } from './inputs'

function parseIdList(json: string): string[] {
  const value: unknown = JSON.parse(json)
  if (!Array.isArray(value)) throw new Error(`Expected a JSON array of point ids, got ${json}`)
  return value.map(String)
}

async function readStatsReviews(db: Db, learnerId: string): Promise<StatsReview[]> {
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
  return (await statsQueries(db).listStatsReviewsByLearnerId({ learnerId })).map(
    ([cardId, rating, stateBefore, reviewedAtMs, durationMs, pointsTicked, pointsAll]) => ({
      cardId,
      rating,
      stateBefore,
      reviewedAtMs,
      durationMs,
      pointsTicked: idList(pointsTicked),
      pointsAll: idList(pointsAll),
    }),
  )
}

/** Histories kept per Db (per process: with several instances each keeps its own): a few learners, none longer than this (a /stats view reads every review). */
const KEPT_LEARNERS = 16
const KEPT_REVIEWS_AT_MOST = 10_000
const kept = new WeakMap<Db, Lru<string, { version: string; reviews: StatsReview[] }>>()

/**
 * Every review of the learner, oldest first, decoded. Reading and decoding a long history is
 * most of a /stats view's work, and between two views it rarely changes: the decoded rows are
 * kept while the log's version (count and newest id, one read of an index) stays the same.
 * The version is read first, so a review written meanwhile can only make the kept copy newer
 * than its version, and the next view reads it again. The version is read from the database
 * on every call, so a review another instance wrote (PostgreSQL) shows on the next view here.
 * Callers must not change the rows.
 */
export async function getStatsReviewsByLearnerId(db: Db, learnerId: string): Promise<readonly StatsReview[]> {
  let byLearner = kept.get(db)
  if (!byLearner) {
    byLearner = new Lru(KEPT_LEARNERS)
    kept.set(db, byLearner)
  }
  const version = await statsQueries(db).findReviewLogVersionByLearnerId({ learnerId })
  const held = byLearner.get(learnerId)
  if (held?.version === version) return held.reviews
  const reviews = await readStatsReviews(db, learnerId)
  if (reviews.length <= KEPT_REVIEWS_AT_MOST) byLearner.set(learnerId, { version, reviews })
  else byLearner.delete(learnerId)
  return reviews
}

export async function getCardStatesByLearnerId(db: Db, learnerId: string): Promise<CardStateRecord[]> {
  return studyQueries(db).listCardStatesByLearnerId({ learnerId })
}

export async function getStatsSettingsByLearnerId(db: Db, learnerId: string): Promise<StatsSettings> {
  return (await statsQueries(db).findStatsSettingsByLearnerId({ learnerId })) ?? defaultStatsSettings
}
