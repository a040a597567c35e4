// Named reads and writes of learners' own cards. Every statement is scoped by
// learner_id, so a learner can only ever read or change their own cards.
// Prepared once per connection (grading resolves a card on every review).
import type { Sqlite } from '../open'

export interface OwnCardPointRecord {
  id: string
  text: string
  critical: boolean
  cues: string[]
}

export interface OwnCardRecord {
  id: string
  title: string
  deckName: string
  deckSlug: string
  prompt: string
  points: OwnCardPointRecord[]
  answerMarkdown: string
  createdAtMs: number
  updatedAtMs: number
}

const columns = `id, title, deck_name AS deckName, deck_slug AS deckSlug, prompt, points,
  answer_markdown AS answerMarkdown, created_at_ms AS createdAtMs, updated_at_ms AS updatedAtMs`

type Row = Omit<OwnCardRecord, 'points'> & { points: string }

function decode(row: Row | undefined): OwnCardRecord | undefined {
  if (!row) return undefined
  const { points: pointsJson, ...rest } = row
  let points: OwnCardPointRecord[] | undefined
  // Parsed on first use: the review queue lists every card but reads the points of one.
  return Object.defineProperty(rest, 'points', {
    enumerable: true,
    get: () => {
      points ??= JSON.parse(pointsJson) as OwnCardPointRecord[]
      return points
    },
  }) as OwnCardRecord
}

function prepareOwnCardQueries(sqlite: Sqlite) {
  const statements = {
    // Deck order: decks by slug (≈ by name), then cards in the order they were written.
    list: sqlite.prepare(
      `SELECT ${columns} FROM own_cards WHERE learner_id = ? ORDER BY deck_slug, created_at_ms, id`,
    ),
    titles: sqlite.prepare(
      'SELECT id, title, deck_slug AS deckSlug FROM own_cards WHERE learner_id = ? ORDER BY deck_slug, created_at_ms, id',
    ),
    byId: sqlite.prepare(`SELECT ${columns} FROM own_cards WHERE learner_id = ? AND id = ?`),
    count: sqlite.prepare('SELECT count(*) AS n FROM own_cards WHERE learner_id = ?'),
    insert: sqlite.prepare(
      `INSERT INTO own_cards (learner_id, id, title, deck_name, deck_slug, prompt, points, answer_markdown,
         created_at_ms, updated_at_ms)
       VALUES (@learnerId, @id, @title, @deckName, @deckSlug, @prompt, @points, @answerMarkdown,
         @createdAtMs, @updatedAtMs)`,
    ),
    update: sqlite.prepare(
      `UPDATE own_cards SET title = @title, deck_name = @deckName, deck_slug = @deckSlug, prompt = @prompt,
         points = @points, answer_markdown = @answerMarkdown, updated_at_ms = @updatedAtMs
       WHERE learner_id = @learnerId AND id = @id`,
    ),
    delete: sqlite.prepare('DELETE FROM own_cards WHERE learner_id = ? AND id = ?'),
    deleteStates: sqlite.prepare('DELETE FROM card_states WHERE learner_id = ? AND card_id = ?'),
  }

  return {
    listOwnCardsByLearnerId(learnerId: string): OwnCardRecord[] {
      return (statements.list.all(learnerId) as Row[]).map((row) => decode(row) as OwnCardRecord)
    },
    /** Ids, titles and deck slugs only, in deck order (lists that need no content). */
    listOwnCardTitlesByLearnerId(learnerId: string): { id: string; title: string; deckSlug: string }[] {
      return statements.titles.all(learnerId) as { id: string; title: string; deckSlug: string }[]
    },
    getOwnCardByLearnerAndId({ learnerId, cardId }: { learnerId: string; cardId: string }) {
      return decode(statements.byId.get(learnerId, cardId) as Row | undefined)
    },
    countOwnCardsByLearnerId(learnerId: string): number {
      return (statements.count.get(learnerId) as { n: number }).n
    },
    insertOwnCard(learnerId: string, card: OwnCardRecord): void {
      statements.insert.run({ learnerId, ...card, points: JSON.stringify(card.points) })
    },
    updateOwnCard(learnerId: string, card: Omit<OwnCardRecord, 'createdAtMs'>): boolean {
      return statements.update.run({ learnerId, ...card, points: JSON.stringify(card.points) }).changes === 1
    },
    /** Deletes the card and its scheduling state; its review logs stay (history, stats, export). */
    deleteOwnCard({ learnerId, cardId }: { learnerId: string; cardId: string }): boolean {
      const changes = statements.delete.run(learnerId, cardId).changes
      statements.deleteStates.run(learnerId, cardId)
      return changes === 1
    },
  }
}

export type OwnCardQueries = ReturnType<typeof prepareOwnCardQueries>

const cache = new WeakMap<Sqlite, OwnCardQueries>()

export function ownCardQueries(sqlite: Sqlite): OwnCardQueries {
  let queries = cache.get(sqlite)
  if (!queries) {
    queries = prepareOwnCardQueries(sqlite)
    cache.set(sqlite, queries)
  }
  return queries
}
