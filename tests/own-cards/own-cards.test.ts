// Own cards over a real (in-memory) database: the form's create/edit/delete, the
// Markdown files (parse, export, import twice), errors naming file/card/field,
// and the study-state export carrying own cards to a fresh learner.
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Sqlite } from '@/db/open'
import { ownCardQueries } from '@/db/queries/own-cards'
import type { Db } from '@/db/sql/db'
import type { DeckRegistry } from '@/lib/decks'
import { importOwnCardFiles, ownCardsOf } from '@/lib/own-cards/import'
import { cardsToMarkdown, describeIssue, parseCardFiles } from '@/lib/own-cards/markdown-file'
import { createOwnCard, deleteOwnCard, updateOwnCard } from '@/lib/own-cards/service'
import { studyDecks } from '@/lib/review'
import { exportStudyState } from '@/lib/transfer/export'
import { importStudyState } from '@/lib/transfer/import'
import { addStudyLearner, freshStudyDb } from '../anki/learners'

const alice = '11111111-1111-4111-8111-111111111111'
const bob = '22222222-2222-4222-8222-222222222222'
const t0 = Date.parse('2026-03-10T10:00:00Z')

let decks: DeckRegistry
beforeAll(async () => {
  decks = await studyDecks()
})

const formInput = {
  title: 'Token bucket rate limiter',
  prompt: 'Design a rate limiter for a public API.',
  deck: 'Rate limiter',
  points: [
    { id: 'p1', text: 'Token bucket per client key', critical: true, cues: ['token bucket'] },
    { id: 'p2', text: 'Atomic refill and take in Redis', critical: false, cues: [] },
    { id: 'p3', text: 'Answer 429 with Retry-After', critical: false, cues: ['429'] },
  ],
  answerMarkdown: '### Flow\n\nRefill, then take.',
}

function deckFile(cardCount: number, deck = 'Outbox'): string {
  const cards = Array.from({ length: cardCount }, (_, i) => ({
    id: `outbox-${i + 1}`,
    title: `Outbox card ${i + 1}`,
    deck,
    prompt: `Explain outbox aspect number ${i + 1}.`,
    points: [
      {
        id: 'a',
        text: 'Write the event in the same transaction',
        critical: true,
        cues: ['same transaction'],
      },
      { id: 'b', text: 'A relay publishes and marks it sent', critical: false, cues: [] },
      { id: 'c', text: 'Consumers dedupe by event id', critical: false, cues: [] },
    ],
    answerMarkdown: `Answer ${i + 1}.`,
  }))
  return cardsToMarkdown(cards)
}

let sqlite: Sqlite
let db: Db
beforeEach(async () => {
  ;({ sqlite, db } = freshStudyDb())
  await addStudyLearner(db, alice, { settings: true })
  await addStudyLearner(db, bob, { settings: true })
})

describe('writing a card', () => {
  test('saves a valid card under an id from its title, in its own deck, for its author only', async () => {
    const result = await createOwnCard(db, alice, formInput, t0)
    expect(result).toEqual({ kind: 'saved', id: 'token-bucket-rate-limiter' })
    expect(await decks.reviewCardById(db, alice, 'token-bucket-rate-limiter')).toMatchObject({
      deckId: 'own:rate-limiter',
      title: 'Token bucket rate limiter',
    })
    expect(await decks.reviewCardById(db, bob, 'token-bucket-rate-limiter')).toBeUndefined()
    // The same title again gets the next free id.
    expect(await createOwnCard(db, alice, formInput, t0)).toEqual({
      kind: 'saved',
      id: 'token-bucket-rate-limiter-2',
    })
  })

  test('invalid input: errors keyed by form field, nothing saved', async () => {
    const result = await createOwnCard(
      db,
      alice,
      {
        ...formInput,
        title: '',
        deck: '  ',
        points: [
          { ...formInput.points[0], critical: true },
          { ...formInput.points[1], text: '', critical: true },
        ],
      },
      t0,
    )
    expect(result.kind).toBe('invalid')
    if (result.kind !== 'invalid') return
    expect(Object.keys(result.fieldErrors).sort()).toEqual(['deck', 'point-2', 'points', 'title'])
    expect(result.fieldErrors.points).toMatch(/at least 3 points/)
    expect(await ownCardQueries(db).countOwnCardsByLearnerId(alice)).toBe(0)
  })

  test('at most one critical point; 7 points at most', async () => {
    const twoCritical = await createOwnCard(
      db,
      alice,
      { ...formInput, points: formInput.points.map((p) => ({ ...p, critical: true })) },
      t0,
    )
    expect(twoCritical).toMatchObject({
      kind: 'invalid',
      fieldErrors: { points: 'at most one point may be critical' },
    })
    const eight = Array.from({ length: 8 }, (_, i) => ({
      id: `p${i + 1}`,
      text: `Point ${i + 1}`,
      critical: false,
      cues: [],
    }))
    expect(await createOwnCard(db, alice, { ...formInput, points: eight }, t0)).toMatchObject({
      kind: 'invalid',
      fieldErrors: { points: 'at most 7 points' },
    })
  })

  test('edit changes what review shows; another learner cannot edit or delete it', async () => {
    await createOwnCard(db, alice, formInput, t0)
    const id = 'token-bucket-rate-limiter'
    expect(await updateOwnCard(db, bob, id, { ...formInput, prompt: 'Hijacked prompt text' }, t0)).toEqual({
      kind: 'not-found',
    })
    expect(await deleteOwnCard(db, bob, id)).toBe(false)
    expect(
      await updateOwnCard(
        db,
        alice,
        id,
        { ...formInput, prompt: 'Design a distributed rate limiter.' },
        t0 + 1,
      ),
    ).toEqual({
      kind: 'saved',
      id,
    })
    expect((await decks.reviewCardById(db, alice, id))?.prompt).toBe('Design a distributed rate limiter.')
    expect(await deleteOwnCard(db, alice, id)).toBe(true)
    expect(await decks.reviewCardById(db, alice, id)).toBeUndefined()
  })
})

describe('Markdown files', () => {
  test('a 20-card file imports 20 cards; the same file again changes nothing', async () => {
    const file = { name: 'outbox.md', text: deckFile(20) }
    expect(await importOwnCardFiles(db, alice, [file], t0)).toEqual({
      kind: 'imported',
      summary: { added: 20, updated: 0, unchanged: 0 },
    })
    const before = sqlite.prepare('SELECT * FROM own_cards ORDER BY id').all()
    expect(await importOwnCardFiles(db, alice, [file], t0 + 60_000)).toEqual({
      kind: 'imported',
      summary: { added: 0, updated: 0, unchanged: 20 },
    })
    expect(sqlite.prepare('SELECT * FROM own_cards ORDER BY id').all()).toEqual(before)
    expect((await decks.reviewDeckFor(db, bob)).some((card) => card.id.startsWith('outbox-'))).toBe(false)
  })

  test('export → import into a fresh learner reproduces the cards, in deck order', async () => {
    await createOwnCard(db, alice, formInput, t0)
    await importOwnCardFiles(db, alice, [{ name: 'outbox.md', text: deckFile(3) }], t0)
    const exported = cardsToMarkdown(await ownCardsOf(db, alice))
    await importOwnCardFiles(db, bob, [{ name: 'export.md', text: exported }], t0 + 5)
    expect(await ownCardsOf(db, bob)).toEqual(await ownCardsOf(db, alice))
    expect((await decks.reviewDeckFor(db, bob)).map((c) => c.id)).toEqual(
      (await decks.reviewDeckFor(db, alice)).map((c) => c.id),
    )
  })

  test('one card per file works too, and a file may hold several files worth of decks', async () => {
    const parsed = parseCardFiles([
      { name: 'a.md', text: deckFile(1, 'Outbox') },
      { name: 'b.md', text: deckFile(1, 'Sharding').replaceAll('outbox-1', 'shard-1') },
    ])
    expect(parsed.ok && parsed.cards.map((c) => [c.id, c.deck])).toEqual([
      ['outbox-1', 'Outbox'],
      ['shard-1', 'Sharding'],
    ])
  })

  test('a bad card refuses the whole import, naming file, card and field', async () => {
    const good = { name: 'good.md', text: deckFile(2) }
    const bad = {
      name: 'bad.md',
      text: deckFile(3).replace('Explain outbox aspect number 3.', 'Short').replaceAll('outbox-', 'other-'),
    }
    const result = await importOwnCardFiles(db, alice, [good, bad], t0)
    expect(result.kind).toBe('invalid')
    if (result.kind !== 'invalid') return
    expect(result.issues.map(describeIssue)).toEqual([
      'bad.md: card 3 ("other-3"): field "prompt": at least 10 characters',
    ])
    expect(await ownCardQueries(db).countOwnCardsByLearnerId(alice)).toBe(0)
  })

  test('unknown fields, broken YAML, duplicate ids and built-in ids are refused', async () => {
    const issuesOf = (text: string) => {
      const parsed = parseCardFiles([{ name: 'x.md', text }])
      return parsed.ok ? [] : parsed.issues.map(describeIssue)
    }
    expect(issuesOf(deckFile(1).replace('title:', 'colour: red\ntitle:'))[0]).toMatch(
      /x\.md: card 1 \("outbox-1"\): field "\(front matter\)": .*colour/,
    )
    expect(issuesOf('---\ntitle: [unclosed\n---\n')[0]).toMatch(
      /x\.md: card 1: field "\(front matter\)": not valid YAML/,
    )
    expect(issuesOf(`${deckFile(1)}\n<!-- card -->\n${deckFile(1)}`)[0]).toMatch(
      /card 2 \("outbox-1"\): field "id": .*used twice/,
    )
    expect(issuesOf(deckFile(1).replace('id: outbox-1', 'id: idempotency-keys'))[0]).toMatch(
      /field "id": is the id of a built-in card/,
    )
    expect(issuesOf(deckFile(1).replace('text: A relay', 'text: 42\n    note: A relay'))).not.toEqual([])
  })
})

describe('study-state export', () => {
  test('carries own cards, their states and logs to a fresh learner; twice changes nothing', async () => {
    await importOwnCardFiles(db, alice, [{ name: 'outbox.md', text: deckFile(2) }], t0)
    const file = await exportStudyState(db, alice, t0)
    expect(file.ownCards.map((c) => c.id)).toEqual(['outbox-1', 'outbox-2'])
    const first = await importStudyState(db, bob, JSON.stringify(file))
    expect(first).toMatchObject({ kind: 'imported', summary: { ownCardsAdded: 2 } })
    expect(await ownCardsOf(db, bob)).toEqual(await ownCardsOf(db, alice))
    const second = await importStudyState(db, bob, JSON.stringify(file))
    expect(second).toMatchObject({ kind: 'imported', summary: { ownCardsAdded: 0, ownCardsUpdated: 0 } })
  })

  test('an invalid own card in the file refuses the import', async () => {
    const file = await exportStudyState(db, alice, t0)
    const bad = { ...file, ownCards: [{ id: 'x', title: 'No', deck: 'D', prompt: 'p', points: [] }] }
    const result = await importStudyState(db, bob, JSON.stringify(bad))
    expect(result.kind).toBe('invalid')
  })
})
