// Own cards over a real (in-memory) database: the form's create/edit/delete, the
// Markdown files (parse, export, import twice), errors naming file/card/field,
// and the study-state export carrying own cards to a fresh learner.
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { Sqlite } from '@/db/open'
import { ownCardQueries } from '@/db/queries/own-cards'
import type { DeckRegistry } from '@/lib/decks'
import { importOwnCardFiles, ownCardsOf } from '@/lib/own-cards/import'
import { cardsToMarkdown, describeIssue, parseCardFiles } from '@/lib/own-cards/markdown-file'
import { createOwnCard, deleteOwnCard, updateOwnCard } from '@/lib/own-cards/service'
import { studyDecks } from '@/lib/review'
import { exportStudyState } from '@/lib/transfer/export'
import { importStudyState } from '@/lib/transfer/import'
import { addLearner, freshDatabase } from '../study/fixtures'

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
beforeEach(() => {
  sqlite = freshDatabase()
  addLearner(sqlite, alice)
  addLearner(sqlite, bob)
})

describe('writing a card', () => {
  test('saves a valid card under an id from its title, in its own deck, for its author only', () => {
    const result = createOwnCard(sqlite, alice, formInput, t0)
    expect(result).toEqual({ kind: 'saved', id: 'token-bucket-rate-limiter' })
    expect(decks.reviewCardById(sqlite, alice, 'token-bucket-rate-limiter')).toMatchObject({
      deckId: 'own:rate-limiter',
      title: 'Token bucket rate limiter',
    })
    expect(decks.reviewCardById(sqlite, bob, 'token-bucket-rate-limiter')).toBeUndefined()
    // The same title again gets the next free id.
    expect(createOwnCard(sqlite, alice, formInput, t0)).toEqual({
      kind: 'saved',
      id: 'token-bucket-rate-limiter-2',
    })
  })

  test('invalid input: errors keyed by form field, nothing saved', () => {
    const result = createOwnCard(
      sqlite,
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
    expect(ownCardQueries(sqlite).countOwnCardsByLearnerId(alice)).toBe(0)
  })

  test('at most one critical point; 7 points at most', () => {
    const twoCritical = createOwnCard(
      sqlite,
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
    expect(createOwnCard(sqlite, alice, { ...formInput, points: eight }, t0)).toMatchObject({
      kind: 'invalid',
      fieldErrors: { points: 'at most 7 points' },
    })
  })

  test('edit changes what review shows; another learner cannot edit or delete it', () => {
    createOwnCard(sqlite, alice, formInput, t0)
    const id = 'token-bucket-rate-limiter'
    expect(updateOwnCard(sqlite, bob, id, { ...formInput, prompt: 'Hijacked prompt text' }, t0)).toEqual({
      kind: 'not-found',
    })
    expect(deleteOwnCard(sqlite, bob, id)).toBe(false)
    expect(
      updateOwnCard(
        sqlite,
        alice,
        id,
        { ...formInput, prompt: 'Design a distributed rate limiter.' },
        t0 + 1,
      ),
    ).toEqual({
      kind: 'saved',
      id,
    })
    expect(decks.reviewCardById(sqlite, alice, id)?.prompt).toBe('Design a distributed rate limiter.')
    expect(deleteOwnCard(sqlite, alice, id)).toBe(true)
    expect(decks.reviewCardById(sqlite, alice, id)).toBeUndefined()
  })
})

describe('Markdown files', () => {
  test('a 20-card file imports 20 cards; the same file again changes nothing', () => {
    const file = { name: 'outbox.md', text: deckFile(20) }
    expect(importOwnCardFiles(sqlite, alice, [file], t0)).toEqual({
      kind: 'imported',
      summary: { added: 20, updated: 0, unchanged: 0 },
    })
    const before = sqlite.prepare('SELECT * FROM own_cards ORDER BY id').all()
    expect(importOwnCardFiles(sqlite, alice, [file], t0 + 60_000)).toEqual({
      kind: 'imported',
      summary: { added: 0, updated: 0, unchanged: 20 },
    })
    expect(sqlite.prepare('SELECT * FROM own_cards ORDER BY id').all()).toEqual(before)
    expect(decks.reviewDeckFor(sqlite, bob).some((card) => card.id.startsWith('outbox-'))).toBe(false)
  })

  test('export → import into a fresh learner reproduces the cards, in deck order', () => {
    createOwnCard(sqlite, alice, formInput, t0)
    importOwnCardFiles(sqlite, alice, [{ name: 'outbox.md', text: deckFile(3) }], t0)
    const exported = cardsToMarkdown(ownCardsOf(sqlite, alice))
    importOwnCardFiles(sqlite, bob, [{ name: 'export.md', text: exported }], t0 + 5)
    expect(ownCardsOf(sqlite, bob)).toEqual(ownCardsOf(sqlite, alice))
    expect(decks.reviewDeckFor(sqlite, bob).map((c) => c.id)).toEqual(
      decks.reviewDeckFor(sqlite, alice).map((c) => c.id),
    )
  })

  test('one card per file works too, and a file may hold several files worth of decks', () => {
    const parsed = parseCardFiles([
      { name: 'a.md', text: deckFile(1, 'Outbox') },
      { name: 'b.md', text: deckFile(1, 'Sharding').replaceAll('outbox-1', 'shard-1') },
    ])
    expect(parsed.ok && parsed.cards.map((c) => [c.id, c.deck])).toEqual([
      ['outbox-1', 'Outbox'],
      ['shard-1', 'Sharding'],
    ])
  })

  test('a bad card refuses the whole import, naming file, card and field', () => {
    const good = { name: 'good.md', text: deckFile(2) }
    const bad = {
      name: 'bad.md',
      text: deckFile(3).replace('Explain outbox aspect number 3.', 'Short').replaceAll('outbox-', 'other-'),
    }
    const result = importOwnCardFiles(sqlite, alice, [good, bad], t0)
    expect(result.kind).toBe('invalid')
    if (result.kind !== 'invalid') return
    expect(result.issues.map(describeIssue)).toEqual([
      'bad.md: card 3 ("other-3"): field "prompt": at least 10 characters',
    ])
    expect(ownCardQueries(sqlite).countOwnCardsByLearnerId(alice)).toBe(0)
  })

  test('unknown fields, broken YAML, duplicate ids and built-in ids are refused', () => {
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
  test('carries own cards, their states and logs to a fresh learner; twice changes nothing', () => {
    importOwnCardFiles(sqlite, alice, [{ name: 'outbox.md', text: deckFile(2) }], t0)
    const file = exportStudyState(sqlite, alice, t0)
    expect(file.ownCards.map((c) => c.id)).toEqual(['outbox-1', 'outbox-2'])
    const first = importStudyState(sqlite, bob, JSON.stringify(file))
    expect(first).toMatchObject({ kind: 'imported', summary: { ownCardsAdded: 2 } })
    expect(ownCardsOf(sqlite, bob)).toEqual(ownCardsOf(sqlite, alice))
    const second = importStudyState(sqlite, bob, JSON.stringify(file))
    expect(second).toMatchObject({ kind: 'imported', summary: { ownCardsAdded: 0, ownCardsUpdated: 0 } })
  })

  test('an invalid own card in the file refuses the import', () => {
    const file = exportStudyState(sqlite, alice, t0)
    const bad = { ...file, ownCards: [{ id: 'x', title: 'No', deck: 'D', prompt: 'p', points: [] }] }
    const result = importStudyState(sqlite, bob, JSON.stringify(bad))
    expect(result.kind).toBe('invalid')
  })
})
