// The editorial checks on the built-in cards that go beyond their schema (run by
// scripts/check-content.ts before every build, and unit-tested with cards made up in the
// test): each card names its sources, the grader hears each point from the point's own text
// (through its rubric, or from its text and cues when it has none), and each critical point
// has at least one wrong design of it in the labelled corpus (an answer that contradicts it),
// so `npm test` and `npm run bench:grading` prove the grader does not tick it for a wrong design.
import { suggestGrade } from '@/lib/grading'
import type { Card } from './schema'

/** What the check needs of a corpus answer: its card and the points it contradicts. */
export interface CorpusContradictions {
  card: string
  contradictions: readonly { point: string }[]
}

function pointsNotHeard(card: Card): string[] {
  return card.points.flatMap((point, index) => {
    const [verdict] = suggestGrade([point], point.text).points
    if (verdict?.heard) return []
    const field = point.rubric ? `points.${index}.rubric` : `points.${index}.text`
    const why = point.rubric
      ? "does not hear the point's own text"
      : "the grader does not hear the point's own text from its text and cues (give it cues or a rubric)"
    return [`${card.file}: field "${field}": ${why}`]
  })
}

function criticalWithoutWrongDesign(card: Card, corpus: readonly CorpusContradictions[]): string[] {
  const critical = card.points.find((point) => point.critical)
  if (!critical) return []
  const contradicted = corpus.some(
    (answer) => answer.card === card.id && answer.contradictions.some((c) => c.point === critical.id),
  )
  return contradicted
    ? []
    : [
        `${card.file}: field "points.${card.points.indexOf(critical)}": critical point "${critical.id}" has no wrong design in content/grading (add an answer whose contradictions name it)`,
      ]
}

/** Every problem with the built-in cards, one line each naming the file and the field; none is []. */
export function contentProblems(cards: readonly Card[], corpus: readonly CorpusContradictions[]): string[] {
  return cards.flatMap((card) => [
    ...(card.sources.length === 0
      ? [`${card.file}: field "sources": a built-in card names the public sources of its facts`]
      : []),
    ...pointsNotHeard(card),
    ...criticalWithoutWrongDesign(card, corpus),
  ])
}
