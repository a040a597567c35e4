// The optimizer end to end below HTTP: a history imported through the study-state
// import, fsrs-rs in its worker, both scores, the keep rule, and the cases that
// store nothing (too little history, an unusable one, a cancelled run).
import { describe, expect, test } from 'vitest'
import { planQueries } from '@/db/queries/plan'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { studyHistoryFile } from '@/e2e/study-history'
import { countTrainingItems, MIN_TRAINING_ITEMS, trainingItemsFrom } from '@/lib/plan/optimizer/items'
import { keepNew } from '@/lib/plan/optimizer/keep-rule'
import { optimizeParameters } from '@/lib/plan/optimizer/optimize'
import { importStudyState } from '@/lib/transfer/import'
import { addLearner, freshDatabase } from '@/tests/transfer/testing'

const learner = '33333333-3333-4333-8333-333333333333'
const startMs = Date.parse('2026-01-05T00:00:00Z')
const utc = { timezone: 'UTC', rolloverHour: 4 }

async function withHistory(reviews: number): Promise<Db> {
  const db = sqliteDb(freshDatabase())
  await addLearner(db, learner)
  const file = studyHistoryFile({ reviews, cards: Math.max(1, Math.round(reviews / 10)), startMs, seed: 29 })
  const imported = await importStudyState(db, learner, JSON.stringify(file))
  expect(imported.kind).toBe('imported')
  return db
}

const parametersOf = async (db: Db) =>
  (await studyQueries(db).getLearnerSettingsByLearnerId(learner))?.fsrsParameters ?? null

describe('training items', () => {
  test('one per review after a card’s first that came on a later study day', () => {
    const history = [
      { cardId: 'a', rating: 3, stateBefore: 0, reviewedAtMs: startMs + 10 * 3_600_000, durationMs: 1 },
      { cardId: 'a', rating: 1, stateBefore: 2, reviewedAtMs: startMs + 11 * 3_600_000, durationMs: 1 },
      { cardId: 'a', rating: 3, stateBefore: 3, reviewedAtMs: startMs + 34 * 3_600_000, durationMs: 1 },
      { cardId: 'b', rating: 3, stateBefore: 0, reviewedAtMs: startMs + 10 * 3_600_000, durationMs: 1 },
    ]
    const built = trainingItemsFrom(history, utc)
    expect(built).toEqual({
      ok: true,
      items: [
        [
          [3, 0],
          [1, 0],
          [3, 1],
        ],
      ],
    })
    expect(countTrainingItems(history, utc)).toBe(1)
  })

  test('a rating outside 1–4 makes the history unusable', () => {
    const history = [{ cardId: 'a', rating: 7, stateBefore: 0, reviewedAtMs: startMs, durationMs: 1 }]
    expect(trainingItemsFrom(history, utc)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/rating 7/),
    })
  })

  test('the keep rule: no worse on both scores and better on one', () => {
    expect(keepNew({ logLoss: 0.4, rmseBins: 0.05 }, { logLoss: 0.39, rmseBins: 0.05 })).toBe(true)
    expect(keepNew({ logLoss: 0.4, rmseBins: 0.05 }, { logLoss: 0.39, rmseBins: 0.06 })).toBe(false)
    expect(keepNew({ logLoss: 0.4, rmseBins: 0.05 }, { logLoss: 0.4, rmseBins: 0.05 })).toBe(false)
  })
})

describe('optimizeParameters', () => {
  test('on an imported history of 300 reviews: scores for both sets, new parameters kept only when better', async () => {
    const db = await withHistory(300)
    const progress: number[] = []
    const result = await optimizeParameters({
      db,
      learnerId: learner,
      nowMs: startMs + 200 * 86_400_000,
      onProgress: (current) => progress.push(current),
    })
    if (result.kind !== 'optimized') throw new Error(`expected a trained run, got ${JSON.stringify(result)}`)
    expect(result.items).toBeGreaterThanOrEqual(MIN_TRAINING_ITEMS)
    for (const scores of [result.before, result.after]) {
      expect(scores.logLoss).toBeGreaterThan(0)
      expect(scores.rmseBins).toBeGreaterThan(0)
    }
    expect(result.parameters).toHaveLength(21)
    expect(result.kept).toBe(keepNew(result.before, result.after) ? 'new' : 'old')
    expect(await parametersOf(db)).toEqual(result.kept === 'new' ? result.parameters : null)
  })

  test('too little history or none: nothing trained, parameters unchanged', async () => {
    for (const reviews of [0, 40]) {
      const db = await withHistory(Math.max(reviews, 1))
      const result = await optimizeParameters({ db, learnerId: learner, nowMs: startMs })
      expect(result).toMatchObject({ kind: 'not-enough-history', minimum: MIN_TRAINING_ITEMS })
      expect(await parametersOf(db)).toBeNull()
    }
  })

  test('a cancelled run stores nothing', async () => {
    const db = await withHistory(2000)
    const abort = new AbortController()
    abort.abort()
    const result = await optimizeParameters({
      db,
      learnerId: learner,
      nowMs: startMs,
      signal: abort.signal,
    })
    expect(result.kind).toBe('cancelled')
    expect(await parametersOf(db)).toBeNull()
    expect(await planQueries(db).getReviewHistoryByLearnerId({ learnerId: learner })).toHaveLength(2000)
  })
})
