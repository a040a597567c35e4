// What /cards shows for a collection of any size (issues 47 and 50): every topic (a deck: the
// built-in topics and the learner's own decks) with its progress — cards seen of all, average
// recall now — and one page of cards, grouped by topic, optionally only those whose title or
// point text holds a search. Built-in cards are few and in memory; own cards are read a page at
// a time, and their decks' progress is one SQL aggregate (db/queries/card-list.ts). The page
// needs nothing of a topic but its deck id and title (the registry's DeckInfo).
import { type CardListRow, cardListQueries, type DeckProgressRecord } from '@/db/queries/card-list'
import { ownCardQueries } from '@/db/queries/own-cards'
import type { Db } from '@/db/sql/db'
import { HOUR_MS } from '@/lib/calendar'
import { allCards } from '@/lib/content/cards'
import type { Card } from '@/lib/content/schema'
import { keptPerReviewLog } from '@/lib/review-log-kept'
import { type ForgettingCurve, forgettingCurveOf } from '@/lib/srs/forgetting-curve'
import { type DeckInfo, ownDeckId } from './types'

const keptOwnProgress = keptPerReviewLog<Map<string, DeckProgressRecord>>(8)

/**
 * The own decks' progress, kept per learner while the review log, the own cards, the curve and
 * the hour are the same (as /stats' view is: recall now moves with the clock, slowly): the
 * aggregate walks every own card, and paging through /cards asks for the same sums each time.
 */
async function ownDeckProgress(
  db: Db,
  learnerId: string,
  nowMs: number,
  curve: ForgettingCurve,
): Promise<Map<string, DeckProgressRecord>> {
  const cardsVersion = await ownCardQueries(db).findOwnCardsVersionByLearnerId(learnerId)
  return keptOwnProgress.get(
    db,
    learnerId,
    () => cardListQueries(db).listOwnDeckProgress({ learnerId, nowMs, curve }),
    { also: `${cardsVersion} ${curve.factor} ${curve.decay} ${Math.floor(nowMs / HOUR_MS)}` },
  )
}

// One page holds every built-in card (64) and the first own cards; still bounded for 20,000.
export const CARDS_PAGE_SIZE = 100
/** Longer searches are cut: a search box, not a query language. */
export const SEARCH_MAX_CHARS = 100

export interface TopicProgress {
  deckId: string
  title: string
  kind: DeckInfo['kind']
  enabled: boolean
  cards: number
  seen: number
  /** Average probability of recall now over the cards seen; null before any is. */
  recallNow: number | null
}

export type CardListEntry = { source: 'built-in'; card: Card } | { source: 'own'; row: CardListRow }

export interface CardListGroup {
  topic: TopicProgress
  entries: CardListEntry[]
}

export interface CardListView {
  /** Every topic with at least one card, in deck order. */
  topics: TopicProgress[]
  /** This page's cards, grouped by topic in deck order. */
  groups: CardListGroup[]
  search: string | null
  page: number
  pages: number
  /** Cards matching the search (all cards without one). */
  matching: number
}

function matchesSearch(card: Card, needle: string): boolean {
  return (
    card.title.toLowerCase().includes(needle) ||
    card.points.some((point) => point.text.toLowerCase().includes(needle))
  )
}

/** The built-in cards in deck order (the registry's order of topics), then their order within the deck. */
function builtInInDeckOrder(deckOrder: ReadonlyMap<string, number>): Card[] {
  const rank = (card: Card) => deckOrder.get(card.deck) ?? Number.MAX_SAFE_INTEGER
  return allCards()
    .map((card, index) => ({ card, index }))
    .sort((a, b) => rank(a.card) - rank(b.card) || a.index - b.index)
    .map(({ card }) => card)
}

/** A search as typed: trimmed, at most SEARCH_MAX_CHARS, null when empty. */
export function searchOf(raw: string | string[] | undefined): string | null {
  const text = (Array.isArray(raw) ? raw[0] : raw)?.trim().slice(0, SEARCH_MAX_CHARS) ?? ''
  return text === '' ? null : text
}

/** A 1-based page number from the query; anything else is page 1. */
export function pageOf(raw: string | string[] | undefined): number {
  const value = Number(Array.isArray(raw) ? raw[0] : raw)
  return Number.isInteger(value) && value >= 1 ? value : 1
}

export async function cardListView(
  db: Db,
  {
    learnerId,
    decks,
    search,
    page,
    nowMs,
    parameters,
  }: {
    learnerId: string
    /** The learner's decks in deck order (the registry's decksFor). */
    decks: readonly (DeckInfo & { enabled: boolean })[]
    search: string | null
    page: number
    nowMs: number
    /** The learner's FSRS parameters (null: the defaults): recall now follows their curve. */
    parameters: readonly number[] | null
  },
): Promise<CardListView> {
  const q = cardListQueries(db)
  const curve = forgettingCurveOf(parameters)
  const deckOrder = new Map(decks.map((deck, index) => [deck.id, index]))
  const builtIn = builtInInDeckOrder(deckOrder)
  const needle = search?.toLowerCase() ?? null
  const builtInMatches = needle === null ? builtIn : builtIn.filter((card) => matchesSearch(card, needle))

  const [ownMatching, ownProgress, builtInRecall] = await Promise.all([
    q.countOwnCards({ learnerId, search }),
    ownDeckProgress(db, learnerId, nowMs, curve),
    q.listCardRecall({ learnerId, cardIds: builtIn.map((card) => card.id), nowMs, curve }),
  ])
  const matching = builtInMatches.length + ownMatching
  const pages = Math.max(1, Math.ceil(matching / CARDS_PAGE_SIZE))
  const current = Math.min(page, pages)
  const offset = (current - 1) * CARDS_PAGE_SIZE
  const builtInOnPage = builtInMatches.slice(offset, offset + CARDS_PAGE_SIZE)
  const ownOffset = Math.max(0, offset - builtInMatches.length)
  const ownLimit = CARDS_PAGE_SIZE - builtInOnPage.length
  const ownOnPage =
    ownLimit > 0 && ownOffset < ownMatching
      ? await q.listOwnCardPage({ learnerId, search, offset: ownOffset, limit: ownLimit })
      : []

  // Each topic's progress: built-in decks from their cards' states, own decks from the aggregate.
  const progress = new Map<string, { cards: number; seen: number; recallSum: number }>()
  for (const card of builtIn) {
    const entry = progress.get(card.deck) ?? { cards: 0, seen: 0, recallSum: 0 }
    const state = builtInRecall.get(card.id)
    entry.cards++
    if (state?.seen) {
      entry.seen++
      entry.recallSum += state.recall ?? 0
    }
    progress.set(card.deck, entry)
  }
  for (const [slug, entry] of ownProgress) progress.set(ownDeckId(slug), entry)
  const topics: TopicProgress[] = decks.flatMap((deck) => {
    const entry = progress.get(deck.id)
    if (!entry || entry.cards === 0) return []
    return [
      {
        deckId: deck.id,
        title: deck.title,
        kind: deck.kind,
        enabled: deck.enabled,
        cards: entry.cards,
        seen: entry.seen,
        recallNow: entry.seen === 0 ? null : entry.recallSum / entry.seen,
      },
    ]
  })
  const topicOf = new Map(topics.map((topic) => [topic.deckId, topic]))

  const groups: CardListGroup[] = []
  const place = (deckId: string, title: string, entry: CardListEntry) => {
    const last = groups.at(-1)
    if (last && last.topic.deckId === deckId) last.entries.push(entry)
    else {
      const topic = topicOf.get(deckId) ?? {
        deckId,
        title,
        kind: entry.source === 'own' ? 'own' : 'built-in',
        enabled: true,
        cards: 0,
        seen: 0,
        recallNow: null,
      }
      groups.push({ topic, entries: [entry] })
    }
  }
  for (const card of builtInOnPage) place(card.deck, card.deck, { source: 'built-in', card })
  for (const row of ownOnPage) place(ownDeckId(row.deckSlug), row.deckName, { source: 'own', row })

  return { topics, groups, search, page: current, pages, matching }
}
