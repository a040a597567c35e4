// Goal: the plan, the stats and the study-state export/import answer the same on PostgreSQL
// as on SQLite — export → import into a fresh learner reproduces the rows, a re-import writes
// nothing, a bad file (or a write failing half-way) stores nothing, saving a date moves the
// dues into the final window, the stats read the same inputs, fitted FSRS parameters come back
// exactly — and, on PostgreSQL, two pools on one database (two app instances): one file
// imported on both at once lands once, and a review written on one shows on the other's stats.
import { Rating } from 'ts-fsrs'
import { beforeEach, describe, expect, test } from 'vitest'
import { planQueries } from '@/db/queries/plan'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { dayNumberIsoDate, studyDayNumberOf } from '@/lib/calendar'
import { builtInDeckSource, deckRegistry, ownDeckSource } from '@/lib/decks'
import { planJson } from '@/lib/plan/plan-json'
import { bringDuesIntoFinalWindow } from '@/lib/plan/save-interview'
import { loadPlan, loadPlanDetails } from '@/lib/review/load-plan'
import { buildStats } from '@/lib/stats/build'
import {
  getCardStatesByLearnerId,
  getStatsReviewsByLearnerId,
  getStatsSettingsByLearnerId,
} from '@/lib/stats/queries'
import { exportStudyState } from '@/lib/transfer/export'
import { importStudyState } from '@/lib/transfer/import'
import { twoInstanceAdapters } from '@/tests/pg/two-instances'
import { addLearner, freshDatabase, recordReview } from '@/tests/transfer/testing'

const alice = '11111111-1111-4111-8111-111111111111'
const bob = '22222222-2222-4222-8222-222222222222'
const DAY = 86_400_000
const t0 = Date.parse('2026-03-02T09:00:00Z')
const points = ['claim-first', 'scope-per-account', 'store-response', 'body-hash', 'lease']
const berlin = { timezone: 'Europe/Berlin', rolloverHour: 4 }
const decks = deckRegistry([builtInDeckSource, ownDeckSource])
const fitted = [
  0.051, 0.313, 0.558, 2.008, 6.602, 0.637, 3.149, 0.001, 1.675, 0.26, 0.599, 1.431, 0.099, 0.192, 1.633,
  0.601, 1.873, 0, 0, 0, 0.1,
]

const adapters = twoInstanceAdapters({
  prefix: 'plan_stats_pg',
  tables: ['review_requests', 'review_logs', 'card_states', 'learner_settings', 'own_cards', 'learners'],
  connectionsPerPool: 4,
})

/** Alice: settings, six reviews of three cards over seven weeks (the review loop's own writes). */
async function seedAlice(db: Db) {
  await studyQueries(db).saveLearnerSettings({
    learnerId: alice,
    desiredRetention: 0.85,
    newPerDay: 5,
    reviewsPerDay: 50,
    sameDaySteps: true,
    rolloverHour: 4,
    timezone: 'Europe/Berlin',
    updatedAtMs: t0,
  })
  const review = (cardId: string, rating: Rating, nowMs: number, ticked: string[], pointsAll = points) =>
    recordReview(db, alice, { cardId, rating, nowMs, pointsAll, pointsTicked: ticked })
  await review('idempotency-keys', Rating.Again, t0, points.slice(1))
  await review('idempotency-keys', Rating.Good, t0 + DAY, points)
  await review('retry-storms', Rating.Hard, t0 + DAY + 60_000, ['jitter'], ['jitter', 'budget'])
  await review('retry-storms', Rating.Good, t0 + 8 * DAY, ['jitter', 'budget'], ['jitter', 'budget'])
  // Easy, then passed again from the review state: due weeks ahead, and counted in true retention.
  await review('circuit-breakers', Rating.Easy, t0 - 40 * DAY, ['open'], ['open', 'half-open'])
  await review('circuit-breakers', Rating.Good, t0 + 8 * DAY + 3_600_000, ['open'], ['open', 'half-open'])
}

/** A learner's stored rows without ids and learner ids, in a stable order. */
async function rowsOf(db: Db, learnerId: string) {
  const strip = (rows: Record<string, unknown>[]) => rows.map(({ learner_id: _l, id: _i, ...rest }) => rest)
  return {
    settings: strip(await db.all('SELECT * FROM learner_settings WHERE learner_id = ?', learnerId)),
    cardStates: strip(
      await db.all('SELECT * FROM card_states WHERE learner_id = ? ORDER BY card_id', learnerId),
    ),
    reviewLogs: strip(
      await db.all('SELECT * FROM review_logs WHERE learner_id = ? ORDER BY reviewed_at_ms, id', learnerId),
    ),
  }
}

const withoutExportTime = <T extends { exportedAtMs: number }>({ exportedAtMs: _at, ...rest }: T) => rest

describe.each(adapters)('plan, stats and transfer on $name', (adapter) => {
  let a: Db
  let b: Db
  beforeEach(async () => {
    ;[a, b] = await adapter.open()
    await addLearner(a, alice)
    await addLearner(a, bob)
    await seedAlice(a)
  })

  test('export → import into a fresh learner reproduces the rows; a second import writes nothing', async () => {
    const file = await exportStudyState(a, alice, t0 + 9 * DAY)
    expect(file.reviewLogs).toHaveLength(6)
    const text = JSON.stringify(file)
    const first = await importStudyState(b, bob, text)
    expect(first).toMatchObject({
      kind: 'imported',
      summary: { reviewLogsAdded: 6, cardStatesAdded: 3, settingsChanged: true },
    })
    expect(withoutExportTime(await exportStudyState(b, bob, t0))).toEqual(withoutExportTime(file))
    expect(await rowsOf(b, bob)).toEqual(await rowsOf(a, alice))
    const afterFirst = await rowsOf(a, bob)
    const second = await importStudyState(a, bob, text)
    expect(second).toMatchObject({
      kind: 'imported',
      summary: {
        reviewLogsAdded: 0,
        reviewLogsAlreadyThere: 6,
        cardStatesAdded: 0,
        cardStatesUpdated: 0,
        settingsChanged: false,
      },
    })
    expect(await rowsOf(b, bob)).toEqual(afterFirst)
  })

  test('a bad file, or a write failing half-way, stores nothing', async () => {
    const before = await rowsOf(a, bob)
    const text = JSON.stringify(await exportStudyState(a, alice, t0))
    expect(await importStudyState(a, bob, text.slice(0, text.length / 2))).toMatchObject({ kind: 'invalid' })
    expect(await rowsOf(a, bob)).toEqual(before)
    // A trigger stands in for any failure after some rows were written.
    if (a.dialect === 'postgres') {
      await a.run(`CREATE OR REPLACE FUNCTION fail_on_boom() RETURNS trigger AS $$
        BEGIN IF NEW.card_id = 'boom' THEN RAISE EXCEPTION 'simulated failure'; END IF; RETURN NEW; END
        $$ LANGUAGE plpgsql`)
      await a.run(`CREATE OR REPLACE TRIGGER fail_on_boom BEFORE INSERT ON review_logs
        FOR EACH ROW EXECUTE FUNCTION fail_on_boom()`)
    } else
      await a.run(`CREATE TRIGGER fail_on_boom BEFORE INSERT ON review_logs WHEN NEW.card_id = 'boom'
        BEGIN SELECT RAISE(ABORT, 'simulated failure'); END`)
    try {
      const file = await exportStudyState(a, alice, t0)
      file.reviewLogs.push({
        ...file.reviewLogs[0]!,
        cardId: 'boom',
        attemptToken: 'boom-1',
        reviewedAtMs: t0 + 9,
      })
      await expect(importStudyState(a, bob, JSON.stringify(file))).rejects.toThrow(/simulated failure/)
      expect(await rowsOf(a, bob)).toEqual(before)
    } finally {
      await a.run(
        a.dialect === 'postgres' ? 'DROP TRIGGER fail_on_boom ON review_logs' : 'DROP TRIGGER fail_on_boom',
      )
    }
  })

  test('saving a date brings the dues on or after it into the final window; the plan shows it', async () => {
    const nowMs = t0 + 9 * DAY
    const today = studyDayNumberOf(nowMs, berlin)
    const interviewDay = today + 5
    const before = await planQueries(a).getCardStatesByLearnerId({ learnerId: alice })
    const current = await studyQueries(a).getLearnerSettingsByLearnerId(alice)
    const settings = { ...current!, interviewDate: dayNumberIsoDate(interviewDay) }
    await studyQueries(a).saveLearnerSettings(settings)
    const moved = await bringDuesIntoFinalWindow(b, { learnerId: alice, settings, nowMs })
    const after = await planQueries(a).getCardStatesByLearnerId({ learnerId: alice })
    let expectedMoves = 0
    for (const row of after) {
      const was = before.find((r) => r.cardId === row.cardId)!
      if (studyDayNumberOf(was.dueMs, berlin) >= interviewDay) {
        expectedMoves++
        const day = studyDayNumberOf(row.dueMs, berlin)
        expect(day).toBeGreaterThanOrEqual(interviewDay - 3)
        expect(day).toBeLessThan(interviewDay)
      } else expect(row.dueMs).toBe(was.dueMs)
    }
    expect(moved).toBe(expectedMoves)
    expect(moved).toBeGreaterThan(0)
    // Nothing left to move: a second save moves nothing.
    expect(await bringDuesIntoFinalWindow(a, { learnerId: alice, settings, nowMs })).toBe(0)

    const loaded = await loadPlan(b, decks, alice, nowMs)
    expect(loaded.plan.interviewDay).toBe(interviewDay)
    const json = planJson(loaded.plan)
    expect(json.interviewDate).toBe(dayNumberIsoDate(interviewDay))
    const details = await loadPlanDetails(b, decks, alice, loaded)
    expect(details.broughtForwardFromMs.size).toBe(moved)
  })

  test('fitted FSRS parameters are stored and read back exactly, and travel in the export', async () => {
    await planQueries(b).saveFsrsParametersByLearnerId({ learnerId: alice, parameters: fitted, nowMs: t0 })
    expect((await studyQueries(a).getLearnerSettingsByLearnerId(alice))?.fsrsParameters).toEqual(fitted)
    const file = await exportStudyState(a, alice, t0)
    expect(file.settings?.fsrsParameters).toEqual(fitted)
    await importStudyState(b, bob, JSON.stringify(file))
    expect((await studyQueries(a).getLearnerSettingsByLearnerId(bob))?.fsrsParameters).toEqual(fitted)
    await planQueries(a).saveFsrsParametersByLearnerId({ learnerId: alice, parameters: null, nowMs: t0 })
    expect((await studyQueries(b).getLearnerSettingsByLearnerId(alice))?.fsrsParameters).toBeNull()
  })

  test('a review written through one Db shows on the stats read through the other', async () => {
    const first = await getStatsReviewsByLearnerId(a, alice)
    expect(first).toHaveLength(6)
    expect(await getStatsReviewsByLearnerId(a, alice)).toBe(first)
    await recordReview(b, alice, {
      cardId: 'idempotency-keys',
      rating: Rating.Good,
      nowMs: t0 + 20 * DAY,
      pointsAll: points,
      pointsTicked: points,
    })
    expect((await getStatsReviewsByLearnerId(a, alice)).map((r) => r.reviewedAtMs).at(-1)).toBe(t0 + 20 * DAY)
  })

  test('one file imported through both Dbs at once lands once', async () => {
    const text = JSON.stringify(await exportStudyState(a, alice, t0))
    const results = await Promise.all([importStudyState(a, bob, text), importStudyState(b, bob, text)])
    const added = results.map((r) => (r.kind === 'imported' ? r.summary.reviewLogsAdded : -1))
    expect(added.sort()).toEqual([0, 6])
    expect((await rowsOf(a, bob)).reviewLogs).toHaveLength(6)
  })
})

describe('the same history gives the same stats and plan on both', () => {
  async function statsAndPlan(db: Db) {
    await addLearner(db, alice)
    await seedAlice(db)
    const nowMs = t0 + 9 * DAY
    const stats = buildStats(
      {
        settings: await getStatsSettingsByLearnerId(db, alice),
        reviews: await getStatsReviewsByLearnerId(db, alice),
        cardStates: await getCardStatesByLearnerId(db, alice),
        cards: await decks.allCardPointsFor(db, alice),
      },
      nowMs,
    )
    const settings = {
      ...(await studyQueries(db).getLearnerSettingsByLearnerId(alice))!,
      interviewDate: '2026-03-20',
    }
    await studyQueries(db).saveLearnerSettings(settings)
    await bringDuesIntoFinalWindow(db, { learnerId: alice, settings, nowMs })
    const loaded = await loadPlan(db, decks, alice, nowMs)
    const details = await loadPlanDetails(db, decks, alice, loaded)
    return { stats, plan: planJson(loaded.plan), broughtForward: [...details.broughtForwardFromMs] }
  }

  test('heatmap counts, retention, forecast, misses, cards and the plan are equal', async () => {
    const onSqlite = await statsAndPlan(sqliteDb(freshDatabase()))
    const [pgA] = await adapters[1]!.open()
    const onPostgres = await statsAndPlan(pgA)
    expect(onSqlite.stats.heatmap.days.some((d) => d.count > 0)).toBe(true)
    expect(onSqlite.stats.retention.weeks.some((w) => w.reviewed > 0)).toBe(true)
    expect(onPostgres).toEqual(onSqlite)
  })
})
