// The deck registry over a real (in-memory) database: deck order, per-deck
// switches, and own cards visible only to the learner who wrote them.
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Sqlite } from '@/db/open'
import { type OwnCardRecord, ownCardQueries } from '@/db/queries/own-cards'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { allCards } from '@/lib/content/cards'
import { BUILT_IN_DECKS } from '@/lib/content/decks'
import { type DeckRegistry, saveDisabledDecks } from '@/lib/decks'
import { gradeFoundCard, nextReview, studyDecks } from '@/lib/review'
import { Rating } from '@/lib/srs/rubric'
import { addLearner, freshDatabase } from '@/tests/review/fixtures'

const alice = '11111111-1111-4111-8111-111111111111'
const bob = '22222222-2222-4222-8222-222222222222'
const t0 = Date.parse('2026-03-10T10:00:00Z')

function ownCard(id: string, deckName: string, createdAtMs: number): OwnCardRecord {
  return {
    id,
    title: `Card ${id}`,
    deckName,
    deckSlug: deckName.toLowerCase().replaceAll(' ', '-'),
    prompt: `Explain ${id} in an interview.`,
    points: [
      { id: 'p1', text: 'First point', critical: true, cues: ['first'] },
      { id: 'p2', text: 'Second point', critical: false, cues: [] },
      { id: 'p3', text: 'Third point', critical: false, cues: [] },
    ],
    answerMarkdown: '',
    createdAtMs,
    updatedAtMs: createdAtMs,
  }
}

let sqlite: Sqlite
const builtInIds = allCards().map((card) => card.id)
const idempotencyIds = allCards()
  .filter((card) => card.deck === 'idempotency')
  .map((card) => card.id)
const topicIds = allCards()
  .filter((card) => card.deck !== 'idempotency')
  .map((card) => card.id)
/** The built-in decks after the drills: every topic deck that has cards, in teaching order. */
const topicDecks = BUILT_IN_DECKS.filter(
  (deck) => deck.id !== 'idempotency' && allCards().some((card) => card.deck === deck.id),
)
const topicDeckIds = topicDecks.map((deck) => deck.id)
let drillIds: string[] = []
let decks: DeckRegistry

// The timeline drills deck is built from engine runs (async): lib/review hands out the registry once it is.
beforeAll(async () => {
  decks = await studyDecks()
  drillIds = (await decks.allReviewCardsFor(sqliteDb(freshDatabase()), bob))
    .filter((card) => card.kind === 'drill')
    .map((card) => card.id)
})

beforeEach(async () => {
  sqlite = freshDatabase()
  addLearner(sqlite, alice)
  addLearner(sqlite, bob)
  const q = ownCardQueries(sqliteDb(sqlite))
  // Written out of deck order on purpose: decks sort by name, cards by when they were written.
  await q.insertOwnCard(alice, ownCard('my-token-bucket', 'Rate limiter', 2))
  await q.insertOwnCard(alice, ownCard('outbox-table', 'Outbox', 3))
  await q.insertOwnCard(alice, ownCard('sliding-window', 'Rate limiter', 1))
})

describe('decks', () => {
  test('the stats read of every card (ids, titles, points) matches the full cards, in the same order', async () => {
    expect(await decks.allCardPointsFor(sqliteDb(sqlite), alice)).toEqual(
      (await decks.allReviewCardsFor(sqliteDb(sqlite), alice)).map(({ id, deckId, title, points }) => ({
        id,
        deckId,
        title,
        points,
      })),
    )
  })

  test('deck order: the idempotency deck first, then timeline drills, the topic decks, then own decks by name', async () => {
    expect(await decks.decksFor(sqliteDb(sqlite), alice)).toEqual([
      { id: 'idempotency', title: 'Idempotency keys', kind: 'built-in', enabled: true },
      { id: 'timeline-drills', title: 'Timeline drills', kind: 'drills', enabled: true },
      ...topicDecks.map((deck) => ({ id: deck.id, title: deck.title, kind: 'built-in', enabled: true })),
      { id: 'own:outbox', title: 'Outbox', kind: 'own', enabled: true },
      { id: 'own:rate-limiter', title: 'Rate limiter', kind: 'own', enabled: true },
    ])
    expect((await decks.reviewDeckFor(sqliteDb(sqlite), alice)).map((card) => card.id)).toEqual([
      ...idempotencyIds,
      ...drillIds,
      ...topicIds,
      'outbox-table',
      'sliding-window',
      'my-token-bucket',
    ])
  })

  test('each built-in topic deck with cards is a deck of its own, titled from the deck table, on for a new learner; the drills follow the idempotency deck', async () => {
    const topics = topicDecks
    const decksOfBob = await decks.decksFor(sqliteDb(sqlite), bob)
    expect(decksOfBob).toEqual([
      { id: 'idempotency', title: 'Idempotency keys', kind: 'built-in', enabled: true },
      { id: 'timeline-drills', title: 'Timeline drills', kind: 'drills', enabled: true },
      ...topics.map((deck) => ({ id: deck.id, title: deck.title, kind: 'built-in', enabled: true })),
    ])
    const queue = await decks.reviewDeckFor(sqliteDb(sqlite), bob)
    expect(queue[0]?.id).toBe('idempotency-keys')
    // New cards are introduced deck by deck in teaching order, then by each card's order.
    const deckOrder = decksOfBob.map((deck) => deck.id)
    const positions = queue.map((card) => deckOrder.indexOf(card.deckId))
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    for (const topic of topics) {
      await saveDisabledDecks(sqliteDb(sqlite), bob, [topic.id], t0)
      const without = await decks.reviewDeckFor(sqliteDb(sqlite), bob)
      expect(without.some((card) => card.deckId === topic.id)).toBe(false)
      expect(without).toHaveLength(queue.length - allCards().filter((card) => card.deck === topic.id).length)
    }
  })

  test('another learner sees only the built-in decks and cannot resolve an own card', async () => {
    expect((await decks.decksFor(sqliteDb(sqlite), bob)).map((deck) => deck.id)).toEqual([
      'idempotency',
      'timeline-drills',
      ...topicDeckIds,
    ])
    expect((await decks.reviewDeckFor(sqliteDb(sqlite), bob)).map((card) => card.id)).toEqual([
      ...idempotencyIds,
      ...drillIds,
      ...topicIds,
    ])
    expect(await decks.reviewCardById(sqliteDb(sqlite), bob, 'my-token-bucket')).toBeUndefined()
    expect(await decks.reviewCardById(sqliteDb(sqlite), alice, 'my-token-bucket')).toMatchObject({
      deckId: 'own:rate-limiter',
      kind: 'recall',
    })
  })

  test('a switched-off deck leaves the review deck but its cards still resolve (grading, undo, stats)', async () => {
    await saveDisabledDecks(sqliteDb(sqlite), alice, ['idempotency', 'own:outbox'], t0)
    expect((await decks.decksFor(sqliteDb(sqlite), alice)).map((deck) => deck.enabled)).toEqual([
      false,
      true,
      ...topicDeckIds.map(() => true),
      false,
      true,
    ])
    expect((await decks.reviewDeckFor(sqliteDb(sqlite), alice)).map((card) => card.id)).toEqual([
      ...drillIds,
      ...topicIds,
      'sliding-window',
      'my-token-bucket',
    ])
    expect((await decks.reviewCardById(sqliteDb(sqlite), alice, 'outbox-table'))?.title).toBe(
      'Card outbox-table',
    )
    expect((await decks.reviewCardById(sqliteDb(sqlite), alice, builtInIds[0] ?? ''))?.deckId).toBe(
      'idempotency',
    )
    // Settings saved later keep the switches (the study settings upsert does not touch them).
    await saveDisabledDecks(sqliteDb(sqlite), alice, [], t0)
    expect(await decks.reviewDeckFor(sqliteDb(sqlite), alice)).toHaveLength(
      builtInIds.length + drillIds.length + 3,
    )
  })

  test('the queue offers an own card once the built-in decks are off, and grading it uses its critical point', async () => {
    await saveDisabledDecks(sqliteDb(sqlite), alice, ['idempotency', 'timeline-drills', ...topicDeckIds], t0)
    const next = await nextReview(
      sqliteDb(sqlite),
      alice,
      await decks.reviewDeckFor(sqliteDb(sqlite), alice),
      t0,
    )
    expect(next.kind).toBe('card')
    if (next.kind !== 'card') return
    expect(next.card.id).toBe('outbox-table')
    const result = await gradeFoundCard(
      sqliteDb(sqlite),
      await decks.findCard(sqliteDb(sqlite), alice, next.card.id),
      {
        learnerId: alice,
        cardId: next.card.id,
        attemptToken: 'attempt-own-1',
        rating: Rating.Again,
        pointsTicked: ['p2', 'p3'],
        durationMs: 1000,
        answerMode: 'aloud',
        nowMs: t0,
      },
    )
    expect(result.kind).toBe('graded')
    const log = sqlite
      .prepare('SELECT suggested_rating AS s FROM review_logs WHERE learner_id = ?')
      .get(alice)
    expect(log).toEqual({ s: Rating.Again })
  })

  test('a plain own card (no points, say from Anki) suggests Good; a suspended one stays out of the queue', async () => {
    const q = ownCardQueries(sqliteDb(sqlite))
    await q.insertOwnCard(alice, { ...ownCard('plain', 'Anki', t0), points: [] })
    await q.insertOwnCard(alice, { ...ownCard('parked', 'Anki', t0 + 1), points: [], suspended: true })
    await saveDisabledDecks(sqliteDb(sqlite), alice, ['idempotency', 'timeline-drills'], t0)
    const queue = (await decks.reviewDeckFor(sqliteDb(sqlite), alice)).map((card) => card.id)
    expect(queue).toContain('plain')
    expect(queue).not.toContain('parked')
    expect((await decks.reviewCardById(sqliteDb(sqlite), alice, 'parked'))?.suspended).toBe(true)
    const result = await gradeFoundCard(
      sqliteDb(sqlite),
      await decks.findCard(sqliteDb(sqlite), alice, 'plain'),
      {
        learnerId: alice,
        cardId: 'plain',
        attemptToken: 'attempt-plain-1',
        rating: Rating.Hard,
        pointsTicked: [],
        durationMs: 1000,
        answerMode: 'aloud',
        nowMs: t0,
      },
    )
    expect(result.kind).toBe('graded')
    const log = sqlite
      .prepare('SELECT suggested_rating AS s FROM review_logs WHERE learner_id = ?')
      .get(alice)
    expect(log).toEqual({ s: Rating.Good })
  })
})
