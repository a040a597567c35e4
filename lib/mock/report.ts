// A finished mock interview graded for its report. Pure, so the report page and Save grades
// read the same verdicts: each phase's answer against the points of the card it asked, and
// per card asked, its phases' answers together (the walk-through and "anything to add?" are
// both the main card's) — the points made and the rating the review page would suggest.
import { type GradablePoint, type PointVerdict, type SuggestedRating, suggestGrade } from '@/lib/grading'
import { type GradeRating, Rating } from '@/lib/srs/rubric'
import type { MockPhase } from './phases'

/** The grader's rating names as the scheduler's numbers. */
export const RATING_OF: Record<SuggestedRating, GradeRating> = {
  again: Rating.Again,
  hard: Rating.Hard,
  good: Rating.Good,
  easy: Rating.Easy,
}

export interface ReportCard {
  id: string
  title: string
  prompt: string
  points: readonly (GradablePoint & { text: string })[]
}

export interface PhaseReport {
  phase: MockPhase
  card: ReportCard
  verdicts: PointVerdict[]
}

export interface CardOutcome {
  cardId: string
  title: string
  /** Point ids heard over all of the card's phases (what Save grades ticks). */
  heard: string[]
  pointsAsked: number
  suggestedRating: SuggestedRating
  durationMs: number
  answerMode: MockPhase['answerMode']
}

export interface MockReport {
  phases: PhaseReport[]
  cards: CardOutcome[]
  pointsMade: number
  pointsAsked: number
}

/** `cards` holds every card the phases name (the caller resolved them). */
export function gradeMock(phases: readonly MockPhase[], cards: ReadonlyMap<string, ReportCard>): MockReport {
  const cardOf = (id: string) => {
    const card = cards.get(id)
    if (!card) throw new Error(`mock phase names card "${id}", which the caller did not resolve`)
    return card
  }
  const phaseReports = phases.map((phase) => {
    const card = cardOf(phase.cardId)
    return { phase, card, verdicts: suggestGrade(card.points, phase.text).points }
  })
  const cardIds = [...new Set(phases.map((p) => p.cardId))]
  const outcomes = cardIds.map((id) =>
    cardOutcome(
      cardOf(id),
      phases.filter((p) => p.cardId === id),
    ),
  )
  return {
    phases: phaseReports,
    cards: outcomes,
    pointsMade: outcomes.reduce((sum, c) => sum + c.heard.length, 0),
    pointsAsked: outcomes.reduce((sum, c) => sum + c.pointsAsked, 0),
  }
}

function cardOutcome(card: ReportCard, phases: readonly MockPhase[]): CardOutcome {
  const suggestion = suggestGrade(card.points, phases.map((p) => p.text).join('\n'))
  const modes = new Set(phases.map((p) => p.answerMode))
  return {
    cardId: card.id,
    title: card.title,
    heard: suggestion.points.filter((v) => v.heard).map((v) => v.id),
    pointsAsked: card.points.length,
    suggestedRating: suggestion.suggestedRating,
    durationMs: phases.reduce((sum, p) => sum + p.durationMs, 0),
    answerMode: modes.has('spoken') ? 'spoken' : modes.has('typed') ? 'typed' : 'aloud',
  }
}

/** The verdicts of everything said so far against the main card (what picks the next follow-up). */
export function mainVerdictsSoFar(main: ReportCard, texts: readonly string[]): PointVerdict[] {
  return suggestGrade(main.points, texts.join('\n')).points
}
