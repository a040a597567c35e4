// Named reads and writes of learners' own cards. Every statement is scoped by
// learner_id, so a learner can only ever read or change their own cards.
// Prepared once per connection (grading resolves a card on every review).
import type { Db } from '../sql/db'
import { learnerVersionQueries } from './learner-versions'
import { perConnection } from './per-connection'

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
  /** 'markdown' (written in Drill; the default) or 'html' (imported from Anki). */
  format?: 'markdown' | 'html'
  /** Suspended in Anki: not in the review queue. Set only by an Anki import. */
  suspended?: boolean
}

/** A card as a list shows it: title, prompt and how many points, without reading its answer. */
export interface OwnCardSummaryRecord {
  id: string
  deckSlug: string
  title: string
  prompt: string
  format: 'markdown' | 'html'
  suspended: boolean
  pointCount: number
}

const columns = `id, title, deck_name AS deckName, deck_slug AS deckSlug, prompt, points,
  answer_markdown AS answerMarkdown, created_at_ms AS createdAtMs, updated_at_ms AS updatedAtMs, format, suspended`

type Row = Omit<OwnCardRecord, 'points' | 'suspended'> & { points: string; suspended: number }

function decode(row: Row | undefined): OwnCardRecord | undefined {
  if (!row) return undefined
  const { points: pointsJson, suspended, ...fields } = row
  const rest = { ...fields, suspended: suspended === 1 }
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

function prepareOwnCardQueries(db: Db) {
  const statements = {
    // Deck order: decks by slug (≈ by name), then cards in the order they were written.
    list: `SELECT ${columns} FROM own_cards WHERE learner_id = ? ORDER BY deck_slug, created_at_ms, id`,
    titles:
      'SELECT id, title, deck_slug AS deckSlug, suspended FROM own_cards WHERE learner_id = ? ORDER BY deck_slug, created_at_ms, id',
    summaries: `SELECT id, deck_slug AS deckSlug, title, prompt, format, suspended, ${db.dialect === 'postgres' ? 'json_array_length(points::json)' : 'json_array_length(points)'} AS pointCount
       FROM own_cards WHERE learner_id = ? ORDER BY deck_slug, created_at_ms, id`,
    points:
      'SELECT id, title, deck_slug AS deckSlug, points FROM own_cards WHERE learner_id = ? ORDER BY deck_slug, created_at_ms, id',
    // One row per deck, its first card's name: a skip scan of own_cards_learner_deck (one index seek
    // per deck), so the deck list costs the same for 20 cards and for 20,000 (issue 50).
    deckNames: `WITH RECURSIVE slugs(slug) AS (
         SELECT min(deck_slug) FROM own_cards WHERE learner_id = @learnerId
         UNION ALL
         SELECT (SELECT min(deck_slug) FROM own_cards WHERE learner_id = @learnerId AND deck_slug > slugs.slug)
         FROM slugs WHERE slug IS NOT NULL)
       SELECT slug AS deckSlug, (SELECT deck_name FROM own_cards WHERE learner_id = @learnerId AND deck_slug = slug
           ORDER BY created_at_ms, id LIMIT 1) AS deckName
       FROM slugs WHERE slug IS NOT NULL ORDER BY slug`,
    byId: `SELECT ${columns} FROM own_cards WHERE learner_id = ? AND id = ?`,
    count: 'SELECT count(*) AS n FROM own_cards WHERE learner_id = ?',
    insert: `INSERT INTO own_cards (learner_id, id, title, deck_name, deck_slug, prompt, points, answer_markdown,
         created_at_ms, updated_at_ms, format, suspended)
       VALUES (@learnerId, @id, @title, @deckName, @deckSlug, @prompt, @points, @answerMarkdown,
         @createdAtMs, @updatedAtMs, @format, @suspended)`,
    // Suspension is Anki's, so an edit in Drill leaves it as it is.
    update: `UPDATE own_cards SET title = @title, deck_name = @deckName, deck_slug = @deckSlug, prompt = @prompt,
         points = @points, answer_markdown = @answerMarkdown, updated_at_ms = @updatedAtMs, format = @format
       WHERE learner_id = @learnerId AND id = @id`,
    delete: 'DELETE FROM own_cards WHERE learner_id = ? AND id = ?',
    deleteStates: 'DELETE FROM card_states WHERE learner_id = ? AND card_id = ?',
  }

  return {
    async listOwnCardsByLearnerId(learnerId: string): Promise<OwnCardRecord[]> {
      return ((await db.all(statements.list, learnerId)) as Row[]).map((row) => decode(row) as OwnCardRecord)
    },
    /** Ids, titles and deck slugs only, in deck order (lists that need no content). */
    async listOwnCardTitlesByLearnerId(
      learnerId: string,
    ): Promise<{ id: string; title: string; deckSlug: string; suspended: boolean }[]> {
      const rows = (await db.all(statements.titles, learnerId)) as {
        id: string
        title: string
        deckSlug: string
        suspended: number
      }[]
      return rows.map((row) => ({ ...row, suspended: row.suspended === 1 }))
    },
    /** What a list of cards shows (no answer, the points only counted), in deck order. */
    async listOwnCardSummariesByLearnerId(learnerId: string): Promise<OwnCardSummaryRecord[]> {
      return (
        (await db.all(statements.summaries, learnerId)) as (Omit<
          OwnCardSummaryRecord,
          'format' | 'suspended'
        > & {
          format: 'markdown' | 'html' | null
          suspended: number
        })[]
      ).map((row) => ({ ...row, format: row.format ?? 'markdown', suspended: row.suspended === 1 }))
    },
    /** Ids, titles and points only, in deck order (the stats: no prompt, no answer). */
    async listOwnCardPointsByLearnerId(
      learnerId: string,
    ): Promise<Pick<OwnCardRecord, 'id' | 'title' | 'deckSlug' | 'points'>[]> {
      return (
        (await db.all(statements.points, learnerId)) as {
          id: string
          title: string
          deckSlug: string
          points: string
        }[]
      ).map((row) => ({
        id: row.id,
        title: row.title,
        deckSlug: row.deckSlug,
        points: JSON.parse(row.points) as OwnCardPointRecord[],
      }))
    },
    /** Each card's deck slug and name only, in deck order (the deck list needs no content). */
    async listOwnCardDeckNamesByLearnerId(
      learnerId: string,
    ): Promise<Pick<OwnCardRecord, 'deckSlug' | 'deckName'>[]> {
      return (await db.all(statements.deckNames, { learnerId })) as Pick<
        OwnCardRecord,
        'deckSlug' | 'deckName'
      >[]
    },
    async getOwnCardByLearnerAndId({ learnerId, cardId }: { learnerId: string; cardId: string }) {
      return decode((await db.get(statements.byId, learnerId, cardId)) as Row | undefined)
    },
    /** Changes whenever the learner's own cards do (added, deleted, edited): what a kept view depends on. */
    async findOwnCardsVersionByLearnerId(learnerId: string): Promise<string> {
      return learnerVersionQueries(db).findLearnerVersion(learnerId, 'own_cards')
    },
    async countOwnCardsByLearnerId(learnerId: string): Promise<number> {
      return ((await db.get(statements.count, learnerId)) as { n: number }).n
    },
    async insertOwnCard(learnerId: string, card: OwnCardRecord): Promise<void> {
      await db.run(statements.insert, {
        learnerId,
        ...card,
        points: JSON.stringify(card.points),
        format: card.format ?? 'markdown',
        suspended: card.suspended ? 1 : 0,
      })
    },
    async updateOwnCard(
      learnerId: string,
      card: Omit<OwnCardRecord, 'createdAtMs' | 'suspended'>,
    ): Promise<boolean> {
      return (
        (
          await db.run(statements.update, {
            learnerId,
            ...card,
            points: JSON.stringify(card.points),
            format: card.format ?? 'markdown',
          })
        ).changes === 1
      )
    },
    /** Deletes the card and its scheduling state; its review logs stay (history, stats, export). */
    async deleteOwnCard({ learnerId, cardId }: { learnerId: string; cardId: string }): Promise<boolean> {
      const changes = (await db.run(statements.delete, learnerId, cardId)).changes
      await db.run(statements.deleteStates, learnerId, cardId)
      return changes === 1
    },
  }
}

export type OwnCardQueries = ReturnType<typeof prepareOwnCardQueries>

export const ownCardQueries = perConnection(prepareOwnCardQueries)
