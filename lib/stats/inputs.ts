// What the stats are computed from: plain rows, already decoded. The loaders in
// queries.ts produce these; tests build them by hand. Card states are the review
// loop's own CardStateRecord (db/queries/study.ts).

/** ts-fsrs State numbers, as stored. */
export const stateNames = ['New', 'Learning', 'Review', 'Relearning'] as const
export type StateName = (typeof stateNames)[number]

export interface StatsReview {
  cardId: string
  /** ts-fsrs Rating: 1 Again, 2 Hard, 3 Good, 4 Easy. */
  rating: number
  /** ts-fsrs State before the review. */
  stateBefore: number
  reviewedAtMs: number
  durationMs: number
  pointsTicked: string[]
  pointsAll: string[]
}

export interface StatsSettings {
  desiredRetention: number
  timezone: string
  rolloverHour: number
}

export const defaultStatsSettings: StatsSettings = { desiredRetention: 0.9, timezone: 'UTC', rolloverHour: 4 }

/** The card facts stats need from content. */
export interface StatsCard {
  id: string
  /** The card's deck (topic), for recall per topic. */
  deckId?: string
  title: string
  points: readonly { id: string; text: string; critical: boolean }[]
}
