// Named reads for /cards over a collection of any size (issue 50): a page of the learner's
// own cards (optionally only those whose title or point text holds a search), how many match,
// and each own deck's progress — cards, cards seen, the sum of their recall now — as one SQL
// aggregate, so the page never reads every card. Built-in cards are few and in memory: their
// progress reads only their own card states (by primary key).
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'

/** A row of the list: no answer, the points counted. */
export interface CardListRow {
  id: string
  deckSlug: string
  deckName: string
  title: string
  prompt: string
  format: 'markdown' | 'html'
  suspended: boolean
  pointCount: number
}

/** One deck's progress: cards in it, cards with a review, and their recall now summed. */
export interface DeckProgressRecord {
  cards: number
  seen: number
  recallSum: number
}

/** The FSRS forgetting curve's shape: R(t) = (1 + factor · t / S)^decay (lib/srs/forgetting-curve.ts). */
interface ForgettingCurve {
  decay: number
  factor: number
}

const DAY_MS = 86_400_000

/** `%text%` for LIKE with `\` escaping the pattern's own wildcards; lower-cased (lower() in the SQL). */
export function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

function prepareCardListQueries(db: Db) {
  const pg = db.dialect === 'postgres'
  const pointCount = pg ? 'json_array_length(points::json)' : 'json_array_length(points)'
  // A point's text holds the search (not its cues or ids, which the JSON also holds).
  const pointTexts = pg
    ? `EXISTS (SELECT 1 FROM json_array_elements(points::json) AS p WHERE lower(p->>'text') LIKE @pattern ESCAPE '\\')`
    : `EXISTS (SELECT 1 FROM json_each(points) AS p WHERE lower(json_extract(p.value, '$.text')) LIKE @pattern ESCAPE '\\')`
  const noSearch = 'CAST(@pattern AS text) IS NULL'
  const matches = `(lower(title) LIKE @pattern ESCAPE '\\' OR ${pointTexts})`
  const now = 'CAST(@nowMs AS bigint)'
  // A card state's recall now on the learner's curve (elapsed days fractional; none before its first review).
  const recall = `CASE WHEN s.state > 0 AND s.stability > 0 AND s.last_review_ms IS NOT NULL
      THEN pow(1 + CAST(@factor AS double precision)
        * (CASE WHEN ${now} > s.last_review_ms THEN (${now} - s.last_review_ms) / ${DAY_MS}.0 ELSE 0 END)
        / s.stability, CAST(@decay AS double precision)) END`
  const statements = {
    page: `SELECT id, deck_slug AS deckSlug, deck_name AS deckName, title, prompt, format, suspended, ${pointCount} AS pointCount
       FROM own_cards WHERE learner_id = @learnerId AND (${noSearch} OR ${matches})
       ORDER BY deck_slug, created_at_ms, id LIMIT @limit OFFSET @offset`,
    count: `SELECT count(*) AS n FROM own_cards WHERE learner_id = @learnerId AND (${noSearch} OR ${matches})`,
    deckProgress: `SELECT o.deck_slug AS deckSlug, count(*) AS cards,
         count(CASE WHEN s.state > 0 THEN 1 END) AS seen, coalesce(sum(${recall}), 0) AS recallSum
       FROM own_cards o LEFT JOIN card_states s ON s.learner_id = o.learner_id AND s.card_id = o.id
       WHERE o.learner_id = @learnerId GROUP BY o.deck_slug`,
    statesOf: (ids: number) =>
      `SELECT s.card_id AS cardId, CASE WHEN s.state > 0 THEN 1 ELSE 0 END AS seen, ${recall} AS recall
       FROM card_states s WHERE s.learner_id = @learnerId AND s.card_id IN (${Array.from({ length: ids }, (_, i) => `@id${i}`).join(', ')})`,
  }

  return {
    /** A page of own cards in deck order (decks by slug, cards as written), matching `search` if given. */
    async listOwnCardPage({
      learnerId,
      search,
      offset,
      limit,
    }: {
      learnerId: string
      search: string | null
      offset: number
      limit: number
    }): Promise<CardListRow[]> {
      const rows = (await db.all(statements.page, {
        learnerId,
        pattern: search ? likePattern(search) : null,
        offset,
        limit,
      })) as (Omit<CardListRow, 'format' | 'suspended'> & { format: string | null; suspended: number })[]
      return rows.map((row) => ({
        ...row,
        format: row.format === 'html' ? 'html' : 'markdown',
        suspended: row.suspended === 1,
      }))
    },
    async countOwnCards({
      learnerId,
      search,
    }: {
      learnerId: string
      search: string | null
    }): Promise<number> {
      const row = (await db.get(statements.count, {
        learnerId,
        pattern: search ? likePattern(search) : null,
      })) as { n: number }
      return Number(row.n)
    },
    /** Every own deck's progress, by deck slug (one grouped read over the learner's cards). */
    async listOwnDeckProgress({
      learnerId,
      nowMs,
      curve,
    }: {
      learnerId: string
      nowMs: number
      curve: ForgettingCurve
    }): Promise<Map<string, DeckProgressRecord>> {
      const rows = (await db.all(statements.deckProgress, {
        learnerId,
        nowMs,
        factor: curve.factor,
        decay: curve.decay,
      })) as ({ deckSlug: string } & DeckProgressRecord)[]
      return new Map(
        rows.map((row) => [
          row.deckSlug,
          { cards: Number(row.cards), seen: Number(row.seen), recallSum: Number(row.recallSum) },
        ]),
      )
    },
    /** Seen and recall now of the given cards (built-in ones: a few, by primary key). */
    async listCardRecall({
      learnerId,
      cardIds,
      nowMs,
      curve,
    }: {
      learnerId: string
      cardIds: readonly string[]
      nowMs: number
      curve: ForgettingCurve
    }): Promise<Map<string, { seen: boolean; recall: number | null }>> {
      if (cardIds.length === 0) return new Map()
      const params: Record<string, unknown> = { learnerId, nowMs, factor: curve.factor, decay: curve.decay }
      cardIds.forEach((id, i) => {
        params[`id${i}`] = id
      })
      const rows = (await db.all(statements.statesOf(cardIds.length), params)) as {
        cardId: string
        seen: number
        recall: number | null
      }[]
      return new Map(
        rows.map((row) => [
          row.cardId,
          { seen: row.seen === 1, recall: row.recall === null ? null : Number(row.recall) },
        ]),
      )
    },
  }
}

export type CardListQueries = ReturnType<typeof prepareCardListQueries>
export const cardListQueries = perConnection(prepareCardListQueries)
