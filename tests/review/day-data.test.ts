// The study day as data (lib/review/day-items.ts): what /review's first card and GET /api/review/day
// carry — serializable, sanitized, in queue order, drawn in the learner's zone.
import { describe, expect, test } from 'vitest'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { nextReview, studyDecks } from '@/lib/review'
import { dayItemsOf, dayQueueBody } from '@/lib/review/day-card'
import { dayItemOf, dayItems } from '@/lib/review/day-items'
import { teachGrader } from '@/lib/review/teach-grader'
import { DEFAULT_STUDY_SETTINGS } from '@/lib/srs/settings'
import { addLearner, freshDatabase } from './fixtures'

const t0 = Date.parse('2026-03-10T10:00:00Z')
const newcomer = '33333333-3333-4333-8333-333333333333'

describe('the day as data', () => {
  test('a new learner (no stored row): the built-in deck’s day, the idempotency card first, all serializable', async () => {
    const db = sqliteDb(freshDatabase())
    const items = await dayItems(db, newcomer, t0)
    expect(items.length).toBeGreaterThan(3)
    expect(JSON.parse(JSON.stringify(items))).toEqual(items)
    const [first] = items
    expect(first).toMatchObject({
      id: 'idempotency-keys:first',
      cardId: 'idempotency-keys',
      lastReviewId: null,
      keepOffline: '/cards/idempotency-keys',
    })
    if (first?.card.kind !== 'recall') throw new Error('the first card is a recall card')
    expect(first.card.reviewRound).toBe('first')
    expect(first.card.choices.map((c) => c.name)).toEqual(['Again', 'Hard', 'Good', 'Easy'])
    expect(first.card.points.length).toBe(5)
    expect(first.card.answerHtml).toMatch(/^<|<p>/)
    expect(first.card.timelines?.href).toBe('/cards/idempotency-keys#timelines-title')
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length)
  })

  test('the day as GET /api/review/day sends it: a drill’s shared timeline events sent once, read back the same', async () => {
    const items = await dayItems(sqliteDb(freshDatabase()), newcomer, t0)
    expect(items.some((item) => item.card.kind === 'drill')).toBe(true)
    const body = JSON.stringify(dayQueueBody(items))
    expect(body.length).toBeLessThan(JSON.stringify(items).length / 2)
    expect(dayItemsOf(JSON.parse(body))).toEqual(items)
  })

  test('the page’s first card (the one nextReview offers) is the day’s first, drawn the same', async () => {
    const db = sqliteDb(freshDatabase())
    const deck = await (await studyDecks()).reviewDeckFor(db, newcomer)
    const next = await nextReview(db, newcomer, deck, t0)
    if (next.kind !== 'card') throw new Error('a new learner has a card to review')
    const [first] = await dayItems(db, newcomer, t0)
    expect(await dayItemOf(db, newcomer, next, DEFAULT_STUDY_SETTINGS.timezone)).toEqual(first)
  })

  test('due labels are drawn in the stored zone', async () => {
    const sqlite = freshDatabase()
    const db = sqliteDb(sqlite)
    const [utc] = await dayItems(db, newcomer, t0)
    addLearner(sqlite, newcomer, { timezone: 'Pacific/Kiritimati', rolloverHour: 0 })
    const [kiritimati] = await dayItems(db, newcomer, t0)
    expect(kiritimati?.card.choices.map((c) => c.dueLabel)).not.toEqual(
      utc?.card.choices.map((c) => c.dueLabel),
    )
  })

  test('a model answer’s HTML is sanitized on the server', async () => {
    const items = await dayItems(sqliteDb(freshDatabase()), newcomer, t0)
    for (const item of items)
      if (item.card.kind === 'recall') expect(item.card.answerHtml ?? '').not.toMatch(/<script|onerror=/i)
  })
})

describe('taught phrases travel with the day', () => {
  test('each recall card carries the learner’s phrases that may hear its points, so the browser hears them offline', async () => {
    const sqlite = freshDatabase()
    const db = sqliteDb(sqlite)
    addLearner(sqlite, newcomer)
    const phrase = 'we pencil the ticket into the ledger before the money moves'
    const result = await teachGrader(
      db,
      await studyDecks(),
      { learnerId: newcomer, nowMs: t0 },
      { cardId: 'idempotency-keys', pointId: 'claim-before-effect', phrase, answer: `First ${phrase}.` },
    )
    if (result.kind !== 'taught') throw new Error(result.kind)
    const taughtOn = (items: Awaited<ReturnType<typeof dayItems>>) =>
      items.flatMap((item) =>
        item.card.kind === 'recall' && item.card.taught.length > 0 ? [item.cardId] : [],
      )
    const items = await dayItems(db, newcomer, t0)
    // The card taught, and the cards whose points share its key concept (the body hash).
    expect(taughtOn(items)).toEqual(
      expect.arrayContaining(['idempotency-keys', 'provider-outside-transaction']),
    )
    expect(taughtOn(items)).not.toContain('unknown-outcome')
    const first = items[0]
    if (first?.card.kind !== 'recall') throw new Error('the first card is a recall card')
    expect(first.card.taught).toEqual([result.taught])
  })
})
