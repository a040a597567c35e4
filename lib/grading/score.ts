// How the grader's verdicts compare with a labelled corpus: exact matches (the points heard are exactly
// the points made), precision and recall over heard points, critical points heard in a wrong design (an
// answer labelled as contradicting the critical point), and contradictions found.
import { suggestGrade } from './index'
import type { GradablePoint } from './types'

export interface LabelledAnswer {
  id: string
  text: string
  points: readonly string[]
  contradictions: readonly { point: string; flaw: string | null }[]
}

export interface Score {
  answers: number
  exact: number
  truePositives: number
  falsePositives: number
  falseNegatives: number
  /** Answers that contradict a critical point in which the grader still heard it. */
  criticalHeardInWrong: number
  wrongDesignsOfCritical: number
  /** … in which the grader contradicted the critical point. */
  criticalContradicted: number
  /** … with the labelled sandbox flaw (or none labelled and none named). */
  criticalFlawsMatched: number
  contradictionsLabelled: number
  /** Labelled contradictions the grader also found on that point (any flaw). */
  contradictionsFound: number
  /** … and with the labelled flaw. */
  flawsMatched: number
  /** Contradictions the grader found that no label holds. */
  contradictionsSpurious: number
  misses: { id: string; heard: string[]; expected: string[] }[]
}

export const emptyScore = (): Score => ({
  answers: 0,
  exact: 0,
  truePositives: 0,
  falsePositives: 0,
  falseNegatives: 0,
  criticalHeardInWrong: 0,
  wrongDesignsOfCritical: 0,
  criticalContradicted: 0,
  criticalFlawsMatched: 0,
  contradictionsLabelled: 0,
  contradictionsFound: 0,
  flawsMatched: 0,
  contradictionsSpurious: 0,
  misses: [],
})

export function scoreAnswer(score: Score, points: readonly GradablePoint[], answer: LabelledAnswer): void {
  const { points: verdicts } = suggestGrade(points, answer.text)
  const heard = verdicts.filter((v) => v.heard).map((v) => v.id)
  const made = new Set(answer.points)
  score.answers++
  const tp = heard.filter((id) => made.has(id)).length
  score.truePositives += tp
  score.falsePositives += heard.length - tp
  score.falseNegatives += made.size - tp
  if (tp === heard.length && tp === made.size) score.exact++
  else score.misses.push({ id: answer.id, heard, expected: [...made] })
  const critical = points.find((p) => p.critical)?.id
  const criticalLabel = answer.contradictions.find((c) => c.point === critical)
  if (critical && criticalLabel) {
    score.wrongDesignsOfCritical++
    if (heard.includes(critical)) score.criticalHeardInWrong++
    const found = verdicts.find((v) => v.id === critical)?.contradiction
    if (found) score.criticalContradicted++
    if (found && found.flaw === criticalLabel.flaw) score.criticalFlawsMatched++
  }
  for (const label of answer.contradictions) {
    score.contradictionsLabelled++
    const found = verdicts.find((v) => v.id === label.point)?.contradiction
    if (found) score.contradictionsFound++
    if (found && found.flaw === label.flaw) score.flawsMatched++
  }
  for (const v of verdicts)
    if (v.contradiction && !answer.contradictions.some((c) => c.point === v.id))
      score.contradictionsSpurious++
}

export function addScores(into: Score, from: Score): void {
  for (const key of Object.keys(into) as (keyof Score)[])
    if (key === 'misses') into.misses.push(...from.misses)
    else into[key] += from[key]
}

export const precisionOf = (s: Score) => s.truePositives / Math.max(1, s.truePositives + s.falsePositives)
export const recallOf = (s: Score) => s.truePositives / Math.max(1, s.truePositives + s.falseNegatives)
export const exactRateOf = (s: Score) => s.exact / Math.max(1, s.answers)
