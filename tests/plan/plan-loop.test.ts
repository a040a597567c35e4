// The plan through the review loop and the database: a saved date brings existing
// dues into the final window, grades honour it, the queue's new-card limit rises
// for it, fitted parameters drive the schedule, and date and parameters travel in
// the study-state export/import.
import { beforeEach, describe, expect, test } from 'vitest'
import type { Sqlite } from '@/db/open'
import { planQueries } from '@/db/queries/plan'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { DAY_MS, dayNumberIsoDate, studyDayNumberOf } from '@/lib/calendar'
import { builtInDeckSource, deckRegistry, ownDeckSource } from '@/lib/decks'
import { planJson } from '@/lib/plan/plan-json'
import { bringDuesIntoFinalWindow } from '@/lib/plan/save-interview'
import { gradeReview, nextReview, studySummary } from '@/lib/review'
import { loadPlan, loadPlanDetails } from '@/lib/review/load-plan'
import { Rating, suggestRecallRating } from '@/lib/srs/rubric'
import { DEFAULT_SCHEDULER_SETTINGS, previewSchedule } from '@/lib/srs/scheduler'
import type { StudyCard } from '@/lib/srs/study-card'
import { exportStudyState } from '@/lib/transfer/export'
import { importStudyState } from '@/lib/transfer/import'
import { addLearner, deck, freshDatabase } from '@/tests/review/fixtures'

const alice = '44444444-4444-4444-8444-444444444444'
const bob = '55555555-5555-4555-8555-555555555555'
const t0 = Date.parse('2026-03-10T10:00:00Z') // 11:00 in Berlin
const berlin = { timezone: 'Europe/Berlin', rolloverHour: 4 }
const today = studyDayNumberOf(t0, berlin)
let sqlite: Sqlite
let db: Db
// The built-in and own decks (the drills deck needs engine runs the plan does not test).
const decks = deckRegistry([builtInDeckSource, ownDeckSource])
let counter = 0

function grade(
  learnerId: string,
  cardId: string,
  nowMs: number,
  rating: 1 | 2 | 3 | 4,
  cards: readonly StudyCard[] = deck,
) {
  return gradeReview(
    db,
    cards,
    {
      learnerId,
      cardId,
      attemptToken: `plan-attempt-${++counter}`,
      rating,
      pointsTicked: [],
      durationMs: 20_000,
      answerMode: 'aloud',
      nowMs,
    },
    suggestRecallRating,
  )
}

async function setInterview(
  learnerId: string,
  interviewDate: string | null,
  extra: { newPerDay?: number; maxNewPerDay?: number } = {},
) {
  const current = await studyQueries(db).getLearnerSettingsByLearnerId(learnerId)
  if (!current) throw new Error('no settings')
  await studyQueries(db).saveLearnerSettings({ ...current, ...extra, interviewDate })
  await bringDuesIntoFinalWindow(db, { learnerId, settings: { ...current, interviewDate }, nowMs: t0 })
}

beforeEach(() => {
  sqlite = freshDatabase()
  db = sqliteDb(sqlite)
  addLearner(sqlite, alice)
  addLearner(sqlite, bob)
})

describe('scheduling to the date', () => {
  test('saving a date brings dues on or after it into the final window; earlier ones stay', async () => {
    await grade(alice, 'idempotency-keys', t0 - 30 * DAY_MS, Rating.Easy)
    await grade(alice, 'in-flight-retry', t0 - DAY_MS, Rating.Again)
    const before = await planQueries(db).getCardStatesByLearnerId({ learnerId: alice })
    const interviewDay = today + 5
    await setInterview(alice, dayNumberIsoDate(interviewDay))
    const after = await planQueries(db).getCardStatesByLearnerId({ learnerId: alice })
    for (const row of after) {
      const was = before.find((b) => b.cardId === row.cardId)!
      expect(row.dueMs).toBeLessThanOrEqual(was.dueMs)
      const dueDay = studyDayNumberOf(row.dueMs, berlin)
      if (studyDayNumberOf(was.dueMs, berlin) >= interviewDay) {
        expect(dueDay).toBeGreaterThanOrEqual(interviewDay - 3)
        expect(dueDay).toBeLessThanOrEqual(interviewDay - 1)
      } else expect(row.dueMs).toBe(was.dueMs)
    }
  })

  test('a grade with a date ahead is due by the day before it; the same grade without one may be later', async () => {
    await setInterview(alice, dayNumberIsoDate(today + 6))
    const planned = await grade(alice, 'idempotency-keys', t0, Rating.Easy)
    const plain = await grade(bob, 'idempotency-keys', t0, Rating.Easy)
    if (planned.kind !== 'graded' || plain.kind !== 'graded') throw new Error('not graded')
    expect(studyDayNumberOf(planned.dueMs, berlin)).toBeLessThanOrEqual(today + 5)
    expect(studyDayNumberOf(plain.dueMs, berlin)).toBeGreaterThan(today + 5)
  })

  test('/plan explains the move: brought forward from the plain due', async () => {
    await setInterview(alice, dayNumberIsoDate(today + 6))
    await grade(alice, 'idempotency-keys', t0, Rating.Easy)
    const loaded = await loadPlan(db, decks, alice, t0)
    const json = planJson(loaded.plan)
    const card = json.cards.find((c) => c.cardId === 'idempotency-keys')
    expect(card?.state).toBe('Review')
    expect(Date.parse(card?.nextDueAt ?? '')).toBeLessThan(Date.parse(json.interviewStartsAt ?? ''))
    const plain = previewSchedule('idempotency-keys', null, t0, { ...DEFAULT_SCHEDULER_SETTINGS, ...berlin })
    expect(
      (await loadPlanDetails(db, decks, alice, loaded)).broughtForwardFromMs.get('idempotency-keys'),
    ).toBe(plain[Rating.Easy].next.dueMs)
    // Saved after the grade, a date moves the due the grade gave, and says so.
    await grade(bob, 'idempotency-keys', t0, Rating.Easy)
    await setInterview(bob, dayNumberIsoDate(today + 6))
    expect(
      (await loadPlanDetails(db, decks, bob, await loadPlan(db, decks, bob, t0))).broughtForwardFromMs.get(
        'idempotency-keys',
      ),
    ).toBe(plain[Rating.Easy].next.dueMs)
  })

  test('the daily new-card limit rises so every card starts in time, never above the maximum', async () => {
    const many: StudyCard[] = Array.from({ length: 30 }, (_, i) => ({ id: `card-${i}`, points: [] }))
    const counts = async () => (await studySummary(db, alice, many, t0)).newAvailable
    expect(await counts()).toBe(20)
    // Five days ahead: days today…+3 to start 30 cards, 8 a day.
    await setInterview(alice, dayNumberIsoDate(today + 5), { newPerDay: 2, maxNewPerDay: 50 })
    expect(await counts()).toBe(8)
    await setInterview(alice, dayNumberIsoDate(today + 5), { newPerDay: 2, maxNewPerDay: 4 })
    expect(await counts()).toBe(4)
    for (let i = 0; i < 4; i++)
      expect((await grade(alice, `card-${i}`, t0, Rating.Good, many)).kind).toBe('graded')
    expect(await counts()).toBe(0)
    expect(await grade(alice, 'card-4', t0, Rating.Good, many)).toMatchObject({ kind: 'not-due' })
    expect(await nextReview(db, alice, many, t0)).toMatchObject({ kind: 'done', limitReached: 'new' })
  })

  test('after the interview day every grade is plain FSRS', async () => {
    await setInterview(alice, dayNumberIsoDate(today - 1))
    const planned = await grade(alice, 'idempotency-keys', t0, Rating.Easy)
    const plain = await grade(bob, 'idempotency-keys', t0, Rating.Easy)
    expect(planned).toMatchObject({ kind: 'graded', dueMs: plain.kind === 'graded' ? plain.dueMs : -1 })
  })
})

describe('the plan kept between views', () => {
  const nextDue = async (nowMs: number) =>
    (await loadPlan(db, decks, alice, nowMs)).plan.cards.find((c) => c.cardId === 'idempotency-keys')
      ?.nextDueMs

  test('is the same plan until something it shows changes: a grade, a due moved, a setting, the hour', async () => {
    await setInterview(alice, dayNumberIsoDate(today + 6))
    await grade(alice, 'idempotency-keys', t0, Rating.Good)
    const first = await loadPlan(db, decks, alice, t0)
    expect(await loadPlan(db, decks, alice, t0 + 60_000)).toBe(first)
    // Its details come with it.
    const details = await loadPlanDetails(db, decks, alice, first)
    expect(await loadPlanDetails(db, decks, alice, await loadPlan(db, decks, alice, t0))).toBe(details)
    const graded = await nextDue(t0)

    // A due moved without a review (what the interview date's reschedule does) shows at once.
    await planQueries(db).moveCardDuesByLearnerId({
      learnerId: alice,
      moves: [{ cardId: 'idempotency-keys', fromMs: graded ?? 0, toMs: t0 + DAY_MS, scheduledDays: 1 }],
    })
    expect(await nextDue(t0)).toBe(t0 + DAY_MS)

    // A grade of another card, and a changed setting, each make a new plan.
    await grade(alice, 'in-flight-retry', t0, Rating.Good)
    const afterGrade = await loadPlan(db, decks, alice, t0)
    expect(afterGrade.plan.studiedCount).toBe(2)
    await setInterview(alice, dayNumberIsoDate(today + 8))
    const afterDate = await loadPlan(db, decks, alice, t0)
    expect(afterDate.plan.daysLeft).toBe(8)
    // The next hour: built again from that hour.
    const nextHour = await loadPlan(db, decks, alice, t0 + 60 * 60_000)
    expect(nextHour).not.toBe(afterDate)
    expect(await loadPlanDetails(db, decks, alice, nextHour)).not.toBe(details)
  })
})

describe('fitted parameters', () => {
  const fitted = [
    0.051, 0.313, 0.558, 2.008, 6.602, 0.637, 3.149, 0.001, 1.675, 0.26, 0.599, 1.431, 0.099, 0.192, 1.633,
    0.601, 1.873, 0, 0, 0, 0.1,
  ]

  test('drive every later schedule', async () => {
    await planQueries(db).saveFsrsParametersByLearnerId({ learnerId: alice, parameters: fitted, nowMs: t0 })
    expect((await studyQueries(db).getLearnerSettingsByLearnerId(alice))?.fsrsParameters).toEqual(fitted)
    const mine = await grade(alice, 'idempotency-keys', t0, Rating.Easy)
    const defaults = await grade(bob, 'idempotency-keys', t0, Rating.Easy)
    const withFitted = previewSchedule('idempotency-keys', null, t0, {
      ...DEFAULT_SCHEDULER_SETTINGS,
      ...berlin,
      parameters: fitted,
    })
    expect(mine).toMatchObject({ kind: 'graded', dueMs: withFitted[Rating.Easy].next.dueMs })
    expect(mine.kind === 'graded' && defaults.kind === 'graded' && mine.dueMs !== defaults.dueMs).toBe(true)
  })

  test('travel in the study-state export and import with the interview date', async () => {
    await planQueries(db).saveFsrsParametersByLearnerId({ learnerId: alice, parameters: fitted, nowMs: t0 })
    await setInterview(alice, '2026-04-01', { maxNewPerDay: 70 })
    const file = await exportStudyState(db, alice, t0)
    expect(file.settings).toMatchObject({
      interviewDate: '2026-04-01',
      maxNewPerDay: 70,
      fsrsParameters: fitted,
    })
    expect((await importStudyState(db, bob, JSON.stringify(file))).kind).toBe('imported')
    expect(await studyQueries(db).getLearnerSettingsByLearnerId(bob)).toMatchObject({
      interviewDate: '2026-04-01',
      maxNewPerDay: 70,
      fsrsParameters: fitted,
    })
    // A file from before these fields keeps ours.
    const { interviewDate: _i, maxNewPerDay: _m, fsrsParameters: _f, ...older } = file.settings!
    await planQueries(db).saveFsrsParametersByLearnerId({ learnerId: bob, parameters: null, nowMs: t0 })
    expect((await importStudyState(db, bob, JSON.stringify({ ...file, settings: older }))).kind).toBe(
      'imported',
    )
    expect((await studyQueries(db).getLearnerSettingsByLearnerId(bob))?.fsrsParameters).toBeNull()
    expect((await studyQueries(db).getLearnerSettingsByLearnerId(bob))?.interviewDate).toBe('2026-04-01')
  })
})

describe('GET /api/plan body', () => {
  test('has the contract keys; interviewDate null when unset', async () => {
    await grade(alice, 'idempotency-keys', t0, Rating.Good)
    const json = planJson((await loadPlan(db, decks, alice, t0)).plan)
    expect(Object.keys(json).slice(0, 5)).toEqual([
      'interviewDate',
      'daysLeft',
      'expectedRecall',
      'expectedRecallWithPlan',
      'cards',
    ])
    expect(json.interviewDate).toBeNull()
    for (const card of json.cards)
      expect(Object.keys(card)).toEqual([
        'cardId',
        'title',
        'state',
        'stability',
        'difficulty',
        'lastReviewAt',
        'nextDueAt',
        'recallAtInterview',
      ])
  })
})
