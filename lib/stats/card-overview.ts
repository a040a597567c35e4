// Per card: where FSRS has it now. Retrievability comes from the scheduler's
// seam (ts-fsrs's forgetting curve over study days, as the scheduler counts them).
import type { CardStateRecord } from '@/db/queries/study'
import { DEFAULT_SCHEDULER_SETTINGS, retrievabilityNow } from '@/lib/srs/scheduler'
import { type StateName, type StatsCard, type StatsSettings, stateNames } from './inputs'

export interface CardOverview {
  cardId: string
  title: string
  /** False for a card the deck no longer has (its state is kept). */
  inDeck: boolean
  state: StateName
  /** Days; null for a new card. */
  stability: number | null
  /**
   * 0–1, probability of recall now; null for a new card. Worked out when read: /stats shows
   * 50 of a long history's 200 cards, and only the rows shown read it.
   */
  readonly retrievability: number | null
  dueMs: number | null
  lastReviewMs: number | null
  reps: number
  lapses: number
}

export function retrievabilityAt(
  row: CardStateRecord,
  nowMs: number,
  settings: StatsSettings,
): number | null {
  if (row.state === 0 || row.lastReviewMs === null) return null
  return retrievabilityNow(row.cardId, { ...row, state: row.state }, nowMs, {
    ...DEFAULT_SCHEDULER_SETTINGS,
    ...settings,
  })
}

export function cardOverview(
  cards: readonly StatsCard[],
  cardStates: readonly CardStateRecord[],
  nowMs: number,
  settings: StatsSettings,
): CardOverview[] {
  const stateById = new Map(cardStates.map((row) => [row.cardId, row]))
  const deckIds = new Set(cards.map((card) => card.id))
  const orphans = cardStates
    .filter((row) => !deckIds.has(row.cardId))
    .map((row) => ({ id: row.cardId, title: row.cardId }))
  return [...cards, ...orphans].map((card) => {
    const row = stateById.get(card.id)
    if (!row)
      return {
        cardId: card.id,
        title: card.title,
        inDeck: true,
        state: 'New' as const,
        stability: null,
        retrievability: null,
        dueMs: null,
        lastReviewMs: null,
        reps: 0,
        lapses: 0,
      }
    const isNew = row.state === 0
    let retrievability: number | null | undefined
    return {
      cardId: card.id,
      title: card.title,
      inDeck: deckIds.has(card.id),
      state: stateNames[row.state] ?? 'New',
      stability: isNew ? null : row.stability,
      get retrievability() {
        retrievability ??= retrievabilityAt(row, nowMs, settings)
        return retrievability
      },
      dueMs: row.dueMs,
      lastReviewMs: row.lastReviewMs,
      reps: row.reps,
      lapses: row.lapses,
    }
  })
}

const soonestKept = new WeakMap<readonly CardOverview[], CardOverview[]>()

/**
 * The cards a page shows first when there are more than `limit`: those due soonest (overdue
 * first; never-reviewed cards last), kept in deck order. Kept with the list it was chosen from
 * (/stats' kept view: sorting 20,000 cards on every view was most of the page's own work).
 */
export function soonestDueCards(cards: readonly CardOverview[], limit: number): CardOverview[] {
  if (cards.length <= limit) return [...cards]
  const kept = soonestKept.get(cards)
  if (kept && kept.length === limit) return kept
  const dueOf = (card: CardOverview) => card.dueMs ?? Number.POSITIVE_INFINITY
  const chosen = new Set(
    [...cards]
      .sort((a, b) => dueOf(a) - dueOf(b))
      .slice(0, limit)
      .map((card) => card.cardId),
  )
  const shown = cards.filter((card) => chosen.has(card.cardId))
  soonestKept.set(cards, shown)
  return shown
}
