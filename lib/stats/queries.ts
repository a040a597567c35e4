// Reads one learner's study state for the stats page, decoded into the stats'
// inputs. Takes the Db so tests can pass their own database; the page passes the
// app's (studyDb). The SQL is in db/queries (stats.ts, study.ts).
import { statsQueries } from '@/db/queries/stats'
import { type CardStateRecord, studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { keptPerReviewLog } from '@/lib/review-log-kept'
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

/** Histories kept: a few learners, none longer than this (a /stats view reads every review). */
const KEPT_REVIEWS_AT_MOST = 10_000
const keptHistories = keptPerReviewLog<StatsReview[]>(16)

/**
 * Every review of the learner, oldest first, decoded; kept while the log's version holds
 * (lib/review-log-kept), so a second view neither reads nor decodes it, and what is derived
 * from the kept array (study days, miss counts) is kept with it. Callers must not change the rows.
 */
export async function getStatsReviewsByLearnerId(db: Db, learnerId: string): Promise<readonly StatsReview[]> {
  return keptHistories.get(db, learnerId, () => readStatsReviews(db, learnerId), {
    keep: (reviews) => reviews.length <= KEPT_REVIEWS_AT_MOST,
  })
}

export async function getCardStatesByLearnerId(db: Db, learnerId: string): Promise<CardStateRecord[]> {
  return studyQueries(db).listCardStatesByLearnerId({ learnerId })
}

export async function getStatsSettingsByLearnerId(db: Db, learnerId: string): Promise<StatsSettings> {
  return (await statsQueries(db).findStatsSettingsByLearnerId({ learnerId })) ?? defaultStatsSettings
}
