// The grade-suggestion use case (POST /api/grade/suggest's lib side) over the real deck
// registry and an in-memory database: every kind of card the learner has, nobody else's,
// and the text refusals that read nothing.
import { beforeAll, describe, expect, test } from 'vitest'
import { ownCardQueries } from '@/db/queries/own-cards'
import type { Db } from '@/db/sql/db'
import { sqliteDb } from '@/db/sql/sqlite-db'
import type { DeckRegistry } from '@/lib/decks'
import { suggestGrade } from '@/lib/grading'
import { studyDecks } from '@/lib/review'
import { gradablePointsOf, MAX_ANSWER_CHARS, suggestGradeFor } from '@/lib/review/suggest-grade'
import { addLearner, freshDatabase } from './fixtures'

const alice = '11111111-1111-4111-8111-111111111111'
const bob = '22222222-2222-4222-8222-222222222222'
const rightAnswer =
  'The client sends the same key on every retry. We claim the key with an atomic insert before the charge.'

let db: Db
let decks: DeckRegistry

beforeAll(async () => {
  decks = await studyDecks()
  const sqlite = freshDatabase()
  addLearner(sqlite, alice)
  addLearner(sqlite, bob)
  db = sqliteDb(sqlite)
  await ownCardQueries(db).insertOwnCard(alice, {
    id: 'my-token-bucket',
    title: 'Token bucket',
    deckName: 'Rate limiter',
    deckSlug: 'rate-limiter',
    prompt: 'Design a rate limiter.',
    points: [
      { id: 'p1', text: 'A token bucket per client key', critical: false, cues: ['token bucket'] },
      { id: 'p2', text: 'Refill and take atomically', critical: true, cues: ['atomically'] },
    ],
    answerMarkdown: '',
    createdAtMs: 1,
    updatedAtMs: 1,
  })
})

/** A Db that fails any read: the refusals below must not need one. */
const noDb = new Proxy({} as Db, {
  get() {
    throw new Error('the database was read')
  },
})

describe('suggestGradeFor', () => {
  test('a built-in card: one verdict per point, in the card’s order, as the grader says over the same points', async () => {
    const card = await decks.reviewCardById(db, alice, 'idempotency-keys')
    if (!card) throw new Error('the main card is missing')
    const result = await suggestGradeFor(db, decks, alice, { cardId: 'idempotency-keys', text: rightAnswer })
    expect(result.kind).toBe('suggested')
    if (result.kind !== 'suggested') return
    expect(result.cardId).toBe('idempotency-keys')
    expect(result.points.map((point) => point.id)).toEqual(card.points.map((point) => point.id))
    // The review page runs suggestGrade in the browser over gradablePointsOf(card.points): the same answer.
    expect({ points: result.points, suggestedRating: result.suggestedRating }).toEqual(
      suggestGrade(gradablePointsOf(card.points), rightAnswer),
    )
    for (const point of result.points)
      for (const span of point.evidence) expect(rightAnswer.slice(span.start, span.end)).toBe(span.text)
  })

  test('an own card for its writer, with its cues heard; for anyone else it does not exist', async () => {
    const text = 'I would keep a token bucket per key.'
    const mine = await suggestGradeFor(db, decks, alice, { cardId: 'my-token-bucket', text })
    expect(mine).toMatchObject({ kind: 'suggested', cardId: 'my-token-bucket', suggestedRating: 'again' })
    if (mine.kind !== 'suggested') return
    expect(mine.points.find((point) => point.id === 'p1')).toMatchObject({ heard: true })
    expect(mine.points.find((point) => point.id === 'p2')).toMatchObject({ heard: false })
    expect(await suggestGradeFor(db, decks, bob, { cardId: 'my-token-bucket', text })).toEqual({
      kind: 'card-not-found',
      cardId: 'my-token-bucket',
    })
  })

  test('a timeline drill card is a card the learner has too', async () => {
    const drill = (await decks.allReviewCardsFor(db, bob)).find((card) => card.kind === 'drill')
    if (!drill) throw new Error('no drill cards')
    const result = await suggestGradeFor(db, decks, bob, { cardId: drill.id, text: 'the retry replays' })
    expect(result).toMatchObject({ kind: 'suggested', cardId: drill.id })
  })

  test('an unknown card', async () => {
    expect(await suggestGradeFor(db, decks, alice, { cardId: 'no-such-card', text: rightAnswer })).toEqual({
      kind: 'card-not-found',
      cardId: 'no-such-card',
    })
  })

  test('no text, or only blanks, is refused before any read', async () => {
    for (const text of ['', '   ', '\n\t'])
      expect(await suggestGradeFor(noDb, decks, alice, { cardId: 'idempotency-keys', text })).toEqual({
        kind: 'no-text',
      })
  })

  test('at most 20,000 characters, counted as a reader counts them (an emoji is one)', async () => {
    const over = 'a'.repeat(MAX_ANSWER_CHARS + 1)
    expect(await suggestGradeFor(noDb, decks, alice, { cardId: 'idempotency-keys', text: over })).toEqual({
      kind: 'text-too-long',
      chars: MAX_ANSWER_CHARS + 1,
    })
    const atTheCap = `${'a'.repeat(MAX_ANSWER_CHARS - 1)}.`
    expect(
      (await suggestGradeFor(db, decks, alice, { cardId: 'idempotency-keys', text: atTheCap })).kind,
    ).toBe('suggested')
    // 20,000 emoji are 40,000 UTF-16 units but 20,000 characters.
    const emoji = '🙂'.repeat(MAX_ANSWER_CHARS)
    expect((await suggestGradeFor(db, decks, alice, { cardId: 'idempotency-keys', text: emoji })).kind).toBe(
      'suggested',
    )
  })
})
