// Everything /stats shows, computed from plain inputs and a `now` passed in.
import type { CardStateRecord } from '@/db/queries/study'
import { type CardOverview, cardOverview } from './card-overview'
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
}

export interface StatsView {
  settings: StatsSettings
  nowMs: number
  heatmap: Heatmap
  retention: RetentionSummary
  forecast: Forecast
  misses: CardMisses[]
  cards: CardOverview[]
}

export function buildStats(input: StatsInput, nowMs: number): StatsView {
  const days = { timezone: input.settings.timezone, rolloverHour: input.settings.rolloverHour }
  return {
    settings: input.settings,
    nowMs,
    heatmap: reviewHeatmap(input.reviews, nowMs, days),
    retention: weeklyTrueRetention(input.reviews, nowMs, days),
    forecast: dueForecast(input.cardStates, nowMs, days),
    misses: pointMisses(input.reviews, input.cards),
    cards: cardOverview(input.cards, input.cardStates, nowMs, input.settings),
  }
}
