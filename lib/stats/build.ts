// Everything /stats shows, computed from plain inputs and a `now` passed in.
import type { CardStateRecord } from '@/db/queries/study'
import { type CardOverview, cardOverview } from './card-overview'
import { type DeckRecall, recallByDeck } from './deck-recall'
import { dueForecast, type Forecast } from './forecast'
import { type Heatmap, reviewHeatmap } from './heatmap'
import type { StatsCard, StatsReview, StatsSettings } from './inputs'
import { type CardMisses, pointMisses } from './misses'
import { type RetentionSummary, weeklyTrueRetention } from './retention'

export interface StatsInput {
  settings: StatsSettings
  reviews: readonly StatsReview[]
  cardStates: readonly CardStateRecord[]
  cards: readonly StatsCard[]
  /** Every deck the learner has, in deck order (recall per topic); none given, none shown. */
  decks?: readonly { id: string; title: string }[]
}

export interface StatsView {
  settings: StatsSettings
  nowMs: number
  heatmap: Heatmap
  retention: RetentionSummary
  forecast: Forecast
  misses: CardMisses[]
  cards: CardOverview[]
  decks: DeckRecall[]
}

export function buildStats(input: StatsInput, nowMs: number): StatsView {
  const cards = cardOverview(input.cards, input.cardStates, nowMs, input.settings)
  const days = { timezone: input.settings.timezone, rolloverHour: input.settings.rolloverHour }
  return {
    settings: input.settings,
    nowMs,
    heatmap: reviewHeatmap(input.reviews, nowMs, days),
    retention: weeklyTrueRetention(input.reviews, nowMs, days),
    forecast: dueForecast(input.cardStates, nowMs, days),
    misses: pointMisses(input.reviews, input.cards),
    cards,
    decks: recallByDeck(input.decks ?? [], input.cards, cards),
  }
}
