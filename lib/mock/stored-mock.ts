// A stored mock read back: its phases parsed, every card they name resolved (built-in cards
// only: a mock asks cards with follow-ups), and graded for the report.
import type { MockRecord } from '@/db/queries/mocks'
import { cardById } from '@/lib/content/cards'
import { type MockCard, mockCardOf } from './mock-cards'
import { phaseSchema } from './phase-schema'
import type { MockPhase } from './phases'
import { gradeMock, type MockReport } from './report'

export interface GradedMock {
  record: MockRecord
  phases: MockPhase[]
  cards: Map<string, MockCard>
  report: MockReport
  /** Ratings Save grades recorded, once saved. */
  savedRatings: Record<string, number> | null
}

export function gradedMockOf(record: MockRecord): GradedMock {
  const phases = phaseSchema.array().parse(JSON.parse(record.phases))
  const cards = new Map<string, MockCard>()
  for (const phase of phases) {
    const card = cardById(phase.cardId)
    if (!card) throw new Error(`mock ${record.id} names card "${phase.cardId}", which no longer exists`)
    cards.set(card.id, mockCardOf(card))
  }
  return {
    record,
    phases,
    cards,
    report: gradeMock(phases, cards),
    savedRatings:
      record.savedRatings === null ? null : (JSON.parse(record.savedRatings) as Record<string, number>),
  }
}
