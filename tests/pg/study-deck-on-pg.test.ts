// Goal: the review queue read as needed (lib/review/study-deck.ts: the day's due rows, the first
// new cards and the totals in SQL, db/queries/own-queue.ts) offers exactly what the queue over the
// whole deck in memory offers — the next card, the whole study day in order, the dashboard's
// counts — on SQLite and PostgreSQL, with own decks switched off, suspended cards, reviews today
// and cards due later today (its totals counted up to what the day can show); and the number of
// cards it reads does not grow with the collection.
import { describe, expect, test } from 'vitest'
import { type OwnCardRecord, ownCardQueries } from '@/db/queries/own-cards'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import {
  builtInDeckSource,
  deckRegistry,
  disabledDecksOf,
  ownDeckSource,
  saveDisabledDecks,
} from '@/lib/decks'
import { nextReview, reviewDay, studySummary } from '@/lib/review'
import { studyDeckOf } from '@/lib/review/study-deck'
import { alice, openWithLearners, twoInstanceAdapters } from '@/tests/pg/two-instances'

const DAY = 86_400_000
const NOW = Date.UTC(2026, 5, 1, 12)
const registry = deckRegistry([builtInDeckSource, ownDeckSource])

const adapters = twoInstanceAdapters({
  prefix: 'study_deck_pg',
  tables: ['review_logs', 'card_states', 'own_cards', 'learner_settings', 'learners'],
})

function ownCard(i: number, deckName: string, suspended = false): OwnCardRecord {
  return {
    id: `own-${String(i).padStart(3, '0')}`,
    title: `Card ${i}`,
    deckName,
    deckSlug: deckName.toLowerCase(),
    prompt: `Prompt ${i}`,
    points: [
      { id: 'p1', text: `One ${i}`, critical: false, cues: [] },
      { id: 'p2', text: `Two ${i}`, critical: false, cues: [] },
      { id: 'p3', text: `Three ${i}`, critical: false, cues: [] },
    ],
    answerMarkdown: `Answer ${i}`,
    createdAtMs: NOW - 50 * DAY + i,
    updatedAtMs: NOW - 50 * DAY + i,
    suspended,
  }
}

async function state(db: Db, cardId: string, dueMs: number) {
  await studyQueries(db).saveCardState(alice, {
    cardId,
    dueMs,
    stability: 5,
    difficulty: 5,
    elapsedDays: 1,
    scheduledDays: 3,
    learningSteps: 0,
    reps: 2,
    lapses: 0,
    state: 2,
    lastReviewMs: dueMs - 3 * DAY,
  })
}

/** 90 own cards in three decks (one off, a few suspended), states due before, during and after today. */
async function seed(db: Db) {
  const q = ownCardQueries(db)
  for (let i = 0; i < 90; i++)
    await q.insertOwnCard(alice, ownCard(i, ['Alpha', 'Beta', 'Gamma'][i % 3] as string, i % 11 === 5))
  await saveDisabledDecks(db, alice, ['own:gamma'], NOW)
  for (let i = 0; i < 60; i += 2)
    await state(db, `own-${String(i).padStart(3, '0')}`, NOW - (i + 1) * 3_600_000)
  await state(db, 'own-061', NOW + 10 * 60_000)
  await state(db, 'own-063', NOW + 5 * 3_600_000)
  await state(db, 'own-065', NOW + 3 * DAY)
  await state(db, 'idempotency-keys', NOW - DAY)
}

async function lazyDeck(db: Db) {
  const disabled = await disabledDecksOf(db, alice)
  const atHand = (await builtInDeckSource.cards(db, alice)).filter((card) => !disabled.has(card.deckId))
  return studyDeckOf(db, alice, atHand, disabled)
}

describe.each(adapters)('the review queue read as needed, on $name', (adapter) => {
  test.each([
    { newPerDay: 20, reviewsPerDay: 200 },
    { newPerDay: 3, reviewsPerDay: 5 },
    { newPerDay: 0, reviewsPerDay: 0 },
  ])('offers what the whole deck offers (limits $newPerDay new, $reviewsPerDay reviews)', async (limits) => {
    const [db, other] = await openWithLearners(adapter, [alice])
    await seed(db)
    const settings = await studyQueries(db).getLearnerSettingsByLearnerId(alice)
    await studyQueries(db).saveLearnerSettings({ ...(settings as NonNullable<typeof settings>), ...limits })

    const whole = await registry.reviewDeckFor(other, alice)
    const lazy = await lazyDeck(other)
    const [wholeNext, lazyNext] = [
      await nextReview(other, alice, whole, NOW),
      await nextReview(other, alice, lazy, NOW),
    ]
    expect(lazyNext.kind).toBe(wholeNext.kind)
    if (wholeNext.kind === 'card' && lazyNext.kind === 'card') {
      expect(lazyNext.card.id).toBe(wholeNext.card.id)
      expect(lazyNext.card.prompt).toBe(wholeNext.card.prompt)
      expect(lazyNext.card.points).toEqual(wholeNext.card.points)
      expect([lazyNext.dueCount, lazyNext.newCount]).toEqual([wholeNext.dueCount, wholeNext.newCount])
    } else expect(lazyNext).toEqual(wholeNext)

    const dayOf = async (deck: Parameters<typeof reviewDay>[2]) =>
      (await reviewDay(other, alice, deck, NOW)).map((entry) => ({
        id: entry.card.id,
        title: (entry.card as { title?: string }).title,
        dueCount: entry.dueCount,
        newCount: entry.newCount,
        lastReviewId: entry.lastReviewId,
      }))
    expect(await dayOf(lazy)).toEqual(await dayOf(whole))

    // The totals are counted up to the day's room and one more (all the day can show); the rest is equal.
    const { dueTotal, newTotal, ...summary } = await studySummary(other, alice, lazy, NOW)
    const {
      dueTotal: wholeDue,
      newTotal: wholeNew,
      ...wholeSummary
    } = await studySummary(other, alice, whole, NOW)
    expect(summary).toEqual(wholeSummary)
    expect(dueTotal).toBeLessThanOrEqual(wholeDue)
    expect(dueTotal).toBeGreaterThanOrEqual(Math.min(wholeDue, limits.reviewsPerDay + 1))
    expect(newTotal).toBeLessThanOrEqual(wholeNew)
    expect(newTotal).toBeGreaterThanOrEqual(Math.min(wholeNew, limits.newPerDay + 1))
    expect(wholeDue).toBeGreaterThan(0)
  })

  test('reads a day of cards, not the collection: a page of due rows however many are due', async () => {
    const [db] = await openWithLearners(adapter, [alice])
    const q = ownCardQueries(db)
    for (let i = 0; i < 400; i++) {
      await q.insertOwnCard(alice, ownCard(i, 'Alpha'))
      await state(db, `own-${String(i).padStart(3, '0')}`, NOW - DAY - i * 1000)
    }
    const settings = await studyQueries(db).getLearnerSettingsByLearnerId(alice)
    await studyQueries(db).saveLearnerSettings({
      ...(settings as NonNullable<typeof settings>),
      reviewsPerDay: 30,
    })
    const lazy = await lazyDeck(db)
    const rows = await lazy.own.dueBetween(Number.MIN_SAFE_INTEGER, NOW + 1, 30)
    expect(rows).toHaveLength(30)
    expect((await reviewDay(db, alice, lazy, NOW)).length).toBeLessThanOrEqual(30 + 20)
    // 400 due: counted up to the room and one more; the day shows 30.
    const summary = await studySummary(db, alice, lazy, NOW)
    expect([summary.dueTotal, summary.dueNow]).toEqual([31, 30])
  })
})
