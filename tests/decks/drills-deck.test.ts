// The timeline drills deck in the review queue over a real (in-memory) database:
// introduced after the idempotency deck, points = question slots, the drill rule for
// the suggested rating, and the per-deck switch.
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Sqlite } from '@/db/open'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { allCards } from '@/lib/content/cards'
import { type DeckRegistry, saveDisabledDecks } from '@/lib/decks'
import { reviewCountOf } from '@/lib/drills/review-round'
import { gradeFoundCard, nextReview, studyDecks } from '@/lib/review'
import { Rating } from '@/lib/srs/rubric'
import { addLearner, freshDatabase } from '@/tests/review/fixtures'

const learner = '33333333-3333-4333-8333-333333333333'
const t0 = Date.parse('2026-03-10T10:00:00Z')
let sqlite: Sqlite
let decks: DeckRegistry

beforeAll(async () => {
  decks = await studyDecks()
})
beforeEach(async () => {
  sqlite = freshDatabase()
  addLearner(sqlite, learner)
})

async function gradeDrill(cardId: string, pointsTicked: string[], token: string, nowMs = t0) {
  const found = await decks.findCard(sqliteDb(sqlite), learner, cardId)
  if (!found) throw new Error(cardId)
  return gradeFoundCard(sqliteDb(sqlite), found, {
    learnerId: learner,
    cardId,
    attemptToken: token,
    rating: Rating.Good,
    pointsTicked,
    durationMs: 5000,
    answerMode: 'typed',
    nowMs,
  })
}

const suggestedOf = (token: string) =>
  (
    sqlite.prepare('SELECT suggested_rating AS s FROM review_logs WHERE attempt_token = ?').get(token) as {
      s: number
    }
  ).s

describe('timeline drills deck', () => {
  test('comes after the idempotency cards, one card per drill whose points are its question slots', async () => {
    const deck = await decks.reviewDeckFor(sqliteDb(sqlite), learner)
    const builtIn = allCards().filter((card) => card.deck === 'idempotency').length
    expect(deck.slice(0, builtIn).every((card) => card.kind === 'recall')).toBe(true)
    const drills = deck.slice(builtIn).filter((card) => card.kind === 'drill')
    expect(drills[0]?.id).toBe('drill-lost-response')
    const lost = drills[0]
    expect(lost?.deckId).toBe('timeline-drills')
    expect(lost?.points.map((p) => p.id)).toEqual(['next', 'bug-step', 'bug-invariant'])
  })

  test('new-card limits apply: with the idempotency deck off, the first new card is the first drill', async () => {
    await saveDisabledDecks(sqliteDb(sqlite), learner, ['idempotency'], t0)
    const next = await nextReview(
      sqliteDb(sqlite),
      learner,
      await decks.reviewDeckFor(sqliteDb(sqlite), learner),
      t0,
    )
    expect(next.kind === 'card' && next.card.id).toBe('drill-lost-response')
  })

  test('suggested rating stored with the review: all right → Good, one wrong → Hard, two or more → Again', async () => {
    await gradeDrill('drill-lost-response', ['next', 'bug-step', 'bug-invariant'], 'attempt-all-right')
    expect(suggestedOf('attempt-all-right')).toBe(Rating.Good)
    await gradeDrill('drill-store-after-charge', ['next', 'bug-step'], 'attempt-one-wrong')
    expect(suggestedOf('attempt-one-wrong')).toBe(Rating.Hard)
    await gradeDrill('drill-in-flight-409', ['next'], 'attempt-two-wrong')
    expect(suggestedOf('attempt-two-wrong')).toBe(Rating.Again)
    // The review count seeds the next round of that card.
    expect(await reviewCountOf(sqliteDb(sqlite), learner, 'drill-lost-response')).toBe(1)
  })

  test('switched off: no drill card in the queue, but graded ones still resolve for stats and undo', async () => {
    await gradeDrill('drill-lost-response', ['next'], 'attempt-before-off')
    await saveDisabledDecks(sqliteDb(sqlite), learner, ['timeline-drills'], t0)
    expect((await decks.reviewDeckFor(sqliteDb(sqlite), learner)).some((card) => card.kind === 'drill')).toBe(
      false,
    )
    expect((await decks.reviewCardById(sqliteDb(sqlite), learner, 'drill-lost-response'))?.title).toMatch(
      /^Drill: /,
    )
  })
})
