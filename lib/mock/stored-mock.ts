// A stored mock read back: its phases parsed, every card they name resolved (built-in cards
// only: a mock asks cards with follow-ups), and graded for the report.
import type { MockRecord } from '@/db/queries/mocks'
import { cardById } from '@/lib/content/cards'
import { Lru } from '@/lib/lru'
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

type Graded = Pick<GradedMock, 'phases' | 'cards' | 'report'>

// A mock's phases never change once stored and the grader is pure over them and the cards
// (loaded once per process), so the last few reports graded are kept, by mock and phases
// text: a report opened again, or after Save grades, is not parsed and graded again.
const graded = new Lru<string, { phasesText: string; graded: Graded }>(64)

function gradedPhasesOf(record: MockRecord): Graded {
  const key = `${record.learnerId} ${record.id}`
  const held = graded.get(key)
  if (held?.phasesText === record.phases) return held.graded
  const phases = phaseSchema.array().parse(JSON.parse(record.phases))
  const cards = new Map<string, MockCard>()
  for (const phase of phases) {
    const card = cardById(phase.cardId)
    if (!card) throw new Error(`mock ${record.id} names card "${phase.cardId}", which no longer exists`)
    cards.set(card.id, mockCardOf(card))
  }
  const fresh = { phases, cards, report: gradeMock(phases, cards) }
  graded.set(key, { phasesText: record.phases, graded: fresh })
  return fresh
}

export function gradedMockOf(record: MockRecord): GradedMock {
  return {
    record,
    ...gradedPhasesOf(record),
    savedRatings:
      record.savedRatings === null ? null : (JSON.parse(record.savedRatings) as Record<string, number>),
  }
}
