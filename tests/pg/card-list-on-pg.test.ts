// Goal: /cards' reads (lib/decks/card-list.ts over db/queries/card-list.ts) answer the same on
// PostgreSQL as on SQLite: each topic's progress is the SQL aggregate of its cards (seen of all,
// average recall now on the learner's forgetting curve, equal to the curve computed in JS), a
// search finds a card by its title or a point's text (not by a cue), and pages split the
// matching cards in deck order — built-in cards first, then own decks by name.
import { describe, expect, test } from 'vitest'
import { type OwnCardRecord, ownCardQueries } from '@/db/queries/own-cards'
import { studyQueries } from '@/db/queries/study'
import type { Db } from '@/db/sql/db'
import { allCards } from '@/lib/content/cards'
import { CARDS_PAGE_SIZE, cardListView } from '@/lib/decks/card-list'
import { decksFor } from '@/lib/review'
import { forgettingCurveOf, recallOn } from '@/lib/srs/forgetting-curve'
import { alice, openWithLearners, twoInstanceAdapters } from '@/tests/pg/two-instances'

const DAY = 86_400_000
const NOW = Date.UTC(2026, 5, 1, 12)

const adapters = twoInstanceAdapters({
  prefix: 'card_list_pg',
  tables: ['card_states', 'own_cards', 'learner_settings', 'learners'],
})

function ownCard(i: number, deckName: string, extra: Partial<OwnCardRecord> = {}): OwnCardRecord {
  return {
    id: `own-${String(i).padStart(3, '0')}`,
    title: `Card ${i} of ${deckName}`,
    deckName,
    deckSlug: deckName.toLowerCase().replaceAll(' ', '-'),
    prompt: `Prompt ${i}`,
    points: [
      { id: 'p1', text: `First point of card ${i}`, critical: false, cues: ['zebra crossing'] },
      { id: 'p2', text: 'Second point', critical: false, cues: [] },
      { id: 'p3', text: 'Third point', critical: false, cues: [] },
    ],
    answerMarkdown: '',
    createdAtMs: NOW - 100 * DAY + i,
    updatedAtMs: NOW - 100 * DAY + i,
    ...extra,
  }
}

async function reviewed(db: Db, cardId: string, daysAgo: number, stability: number) {
  await studyQueries(db).saveCardState(alice, {
    cardId,
    dueMs: NOW + DAY,
    stability,
    difficulty: 5,
    elapsedDays: 0,
    scheduledDays: 3,
    learningSteps: 0,
    reps: 1,
    lapses: 0,
    state: 2,
    lastReviewMs: NOW - daysAgo * DAY,
  })
}

async function view(db: Db, search: string | null, page = 1) {
  return cardListView(db, {
    learnerId: alice,
    decks: await decksFor(db, alice),
    search,
    page,
    nowMs: NOW,
    parameters: null,
  })
}

describe.each(adapters)('/cards on $name', (adapter) => {
  test('each topic shows cards seen of all and the average recall now, as the curve gives it', async () => {
    const [db, other] = await openWithLearners(adapter, [alice])
    const q = ownCardQueries(db)
    for (let i = 0; i < 5; i++) await q.insertOwnCard(alice, ownCard(i, 'Rate limiter'))
    await q.insertOwnCard(alice, ownCard(10, 'Outbox'))
    await reviewed(db, 'own-000', 10, 20)
    await reviewed(db, 'own-001', 2, 5)
    const firstBuiltIn = allCards()[0]?.id as string
    await reviewed(db, firstBuiltIn, 4, 8)

    const { topics } = await view(other, null)
    const curve = forgettingCurveOf(null)
    const limiter = topics.find((topic) => topic.title === 'Rate limiter')
    expect(limiter).toMatchObject({ kind: 'own', cards: 5, seen: 2 })
    expect(limiter?.recallNow).toBeCloseTo((recallOn(curve, 10, 20) + recallOn(curve, 2, 5)) / 2, 6)
    expect(topics.find((topic) => topic.title === 'Outbox')).toMatchObject({
      cards: 1,
      seen: 0,
      recallNow: null,
    })
    const builtInDeck = allCards()[0]?.deck as string
    const builtIn = topics.find((topic) => topic.deckId === builtInDeck)
    expect(builtIn).toMatchObject({
      kind: 'built-in',
      cards: allCards().filter((c) => c.deck === builtInDeck).length,
      seen: 1,
    })
    expect(builtIn?.recallNow).toBeCloseTo(recallOn(curve, 4, 8), 6)
  })

  test('a search finds cards by title or point text, not by a cue; case does not matter', async () => {
    const [db] = await openWithLearners(adapter, [alice])
    const q = ownCardQueries(db)
    for (let i = 0; i < 3; i++) await q.insertOwnCard(alice, ownCard(i, 'Rate limiter'))
    await q.insertOwnCard(alice, ownCard(7, 'Outbox', { title: 'The 100% outbox_relay' }))

    const byPoint = await view(db, 'FIRST POINT OF CARD 1')
    expect(byPoint.matching).toBe(1)
    expect(
      byPoint.groups.flatMap((g) => g.entries).map((e) => (e.source === 'own' ? e.row.id : e.card.id)),
    ).toEqual(['own-001'])
    // LIKE's wildcards are the learner's text, not patterns.
    expect((await view(db, '100% outbox_')).matching).toBe(1)
    expect((await view(db, '100%_outbox')).matching).toBe(0)
    expect((await view(db, 'zebra crossing')).matching).toBe(0)
    const builtIn = allCards()[0]
    const byBuiltInPoint = await view(db, builtIn?.points[0]?.text.toUpperCase() ?? '')
    expect(byBuiltInPoint.groups.flatMap((g) => g.entries).some((e) => e.source === 'built-in')).toBe(true)
  })

  test('pages split every card in deck order: built-in first, then own decks by name', async () => {
    const [db] = await openWithLearners(adapter, [alice])
    const q = ownCardQueries(db)
    const own = CARDS_PAGE_SIZE + 20
    for (let i = 0; i < own; i++) await q.insertOwnCard(alice, ownCard(i, i % 2 === 0 ? 'Beta' : 'Alpha'))
    const total = allCards().length + own
    const pages = Math.ceil(total / CARDS_PAGE_SIZE)
    const seen: string[] = []
    for (let page = 1; page <= pages; page++) {
      const v = await view(db, null, page)
      expect(v).toMatchObject({ page, pages, matching: total })
      for (const group of v.groups)
        for (const entry of group.entries) seen.push(entry.source === 'own' ? entry.row.id : entry.card.id)
    }
    expect(seen).toHaveLength(total)
    expect(new Set(seen).size).toBe(total)
    expect(seen.slice(0, allCards().length).sort()).toEqual(
      allCards()
        .map((c) => c.id)
        .sort(),
    )
    const alphaIds = Array.from({ length: own }, (_, i) => i)
      .filter((i) => i % 2 === 1)
      .map((i) => `own-${String(i).padStart(3, '0')}`)
    expect(seen.slice(allCards().length, allCards().length + alphaIds.length)).toEqual(alphaIds)
    // A page past the end shows the last one.
    expect((await view(db, null, pages + 5)).page).toBe(pages)
  })
})
