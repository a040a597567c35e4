// The study queue's reads of a learner's own cards (issue 50): the queue needs the cards due
// today (a day's worth, earliest first), how many are due, the first new cards in deck order
// (within the day's new-card limit) and how many are new — never every card. Each read is
// scoped to the decks that are on (`disabled`: the switched-off decks' slugs, as JSON) and
// leaves suspended cards out. The due reads walk card_states_due; the new ones own_cards_unseen.
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'

export interface OwnDueRow {
  cardId: string
  dueMs: number
}

function prepareOwnQueueQueries(db: Db) {
  const pg = db.dialect === 'postgres'
  const notSuspended = pg ? 'o.suspended = false' : 'o.suspended = 0'
  const notSeen = pg ? 'o.seen = false' : 'o.seen = 0'
  const deckOn = pg
    ? 'o.deck_slug NOT IN (SELECT json_array_elements_text(CAST(@disabled AS json)))'
    : 'o.deck_slug NOT IN (SELECT value FROM json_each(@disabled))'
  const inQueue = `${notSuspended} AND ${deckOn}`
  const dueJoin = `FROM card_states s JOIN own_cards o ON o.learner_id = s.learner_id AND o.id = s.card_id
       WHERE s.learner_id = @learnerId AND ${inQueue}`
  // `seen` (kept by triggers on card_states) and the partial index own_cards_unseen: the first new
  // cards are read without walking past every studied one.
  const unseen = `FROM own_cards o WHERE o.learner_id = @learnerId AND ${inQueue} AND ${notSeen}`
  const statements = {
    dueBetween: `SELECT s.card_id AS cardId, s.due_ms AS dueMs ${dueJoin} AND s.due_ms >= @fromMs AND s.due_ms < @toMs
       ORDER BY s.due_ms LIMIT @limit`,
    // Counted up to a cap: the day shows at most its room, and one more says "more wait".
    dueCount: `SELECT count(*) AS n FROM (SELECT 1 AS one ${dueJoin} AND s.due_ms < @toMs LIMIT @cap) AS capped`,
    unseenIds: `SELECT o.id AS id ${unseen} ORDER BY o.deck_slug, o.created_at_ms, o.id LIMIT @limit`,
    unseenCount: `SELECT count(*) AS n FROM (SELECT 1 AS one ${unseen} LIMIT @cap) AS capped`,
    inQueueCount: `SELECT count(*) AS n FROM own_cards o WHERE o.learner_id = @learnerId AND ${inQueue}`,
    dueOf: (ids: number) =>
      `SELECT card_id AS cardId, due_ms AS dueMs FROM card_states WHERE learner_id = @learnerId
       AND card_id IN (${Array.from({ length: ids }, (_, i) => `@id${i}`).join(', ')})`,
  }
  const disabledJson = (slugs: readonly string[]) => JSON.stringify(slugs)

  return {
    /** The states' due times of the given cards (the few cards held in memory: built-in, drills). */
    async listDueOf({
      learnerId,
      cardIds,
    }: {
      learnerId: string
      cardIds: readonly string[]
    }): Promise<OwnDueRow[]> {
      if (cardIds.length === 0) return []
      const params: Record<string, unknown> = { learnerId }
      cardIds.forEach((id, i) => {
        params[`id${i}`] = id
      })
      const rows = (await db.all(statements.dueOf(cardIds.length), params)) as OwnDueRow[]
      return rows.map((row) => ({ cardId: row.cardId, dueMs: Number(row.dueMs) }))
    },
    /** Own cards due in [fromMs, toMs), earliest first, at most `limit`. */
    async listOwnDueBetween(q: {
      learnerId: string
      disabled: readonly string[]
      fromMs: number
      toMs: number
      limit: number
    }): Promise<OwnDueRow[]> {
      const rows = (await db.all(statements.dueBetween, {
        ...q,
        disabled: disabledJson(q.disabled),
      })) as OwnDueRow[]
      return rows.map((row) => ({ cardId: row.cardId, dueMs: Number(row.dueMs) }))
    },
    /** Own cards due before `toMs`, counted up to `cap`. */
    async countOwnDueBefore(q: {
      learnerId: string
      disabled: readonly string[]
      toMs: number
      cap: number
    }): Promise<number> {
      const row = (await db.get(statements.dueCount, { ...q, disabled: disabledJson(q.disabled) })) as {
        n: number
      }
      return Number(row.n)
    },
    /** The first `limit` own cards never reviewed, in deck order (decks by slug, cards as written). */
    async listOwnUnseenIds(q: {
      learnerId: string
      disabled: readonly string[]
      limit: number
    }): Promise<string[]> {
      const rows = (await db.all(statements.unseenIds, { ...q, disabled: disabledJson(q.disabled) })) as {
        id: string
      }[]
      return rows.map((row) => row.id)
    },
    /** Own cards never reviewed, counted up to `cap`. */
    async countOwnUnseen(q: {
      learnerId: string
      disabled: readonly string[]
      cap: number
    }): Promise<number> {
      const row = (await db.get(statements.unseenCount, { ...q, disabled: disabledJson(q.disabled) })) as {
        n: number
      }
      return Number(row.n)
    },
    /** Own cards in the queue's decks (on, not suspended). */
    async countOwnInQueue(q: { learnerId: string; disabled: readonly string[] }): Promise<number> {
      const row = (await db.get(statements.inQueueCount, { ...q, disabled: disabledJson(q.disabled) })) as {
        n: number
      }
      return Number(row.n)
    },
  }
}

export type OwnQueueQueries = ReturnType<typeof prepareOwnQueueQueries>
export const ownQueueQueries = perConnection(prepareOwnQueueQueries)
