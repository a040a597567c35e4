// One point's verdict: a rubric's wrong designs first (a contradicted point is never heard), then its
// ways of being made; a point with only cues (a learner's own card) is heard by a cue said without a
// negation, and contradicted by a cue said only with one ("we do not use a uuid").
import { unsaidTokens } from './discourse'
import { judgeFromText } from './from-text'
import { hypotheticalTokens, type Marks, type Occurrence, occurrencesOf } from './occurrences'
import { saidBefore } from './order'
import { type Answer, patternsOf } from './phrases'
import type { PointWords } from './point-words'
import type {
  Concept,
  EvidenceSpan,
  GradablePoint,
  PointRubric,
  PointVerdict,
  Requirement,
  WrongDesign,
} from './types'

/** Occurrences per concept, computed once per point. */
type Found = (name: string) => Occurrence[]

/** What one answer has in common for every point: its tokens and its hypotheticals. */
export interface Reading extends Marks {
  answer: Answer
}

export function readingOf(answer: Answer): Reading {
  return { answer, hypothetical: hypotheticalTokens(answer), unsaid: unsaidTokens(answer) }
}

function finder(reading: Reading, concepts: Readonly<Record<string, Concept>>): Found {
  const cache = new Map<string, Occurrence[]>()
  return (name) => {
    let found = cache.get(name)
    if (!found) {
      const concept = concepts[name]
      if (!concept) throw new Error(`rubric names an unknown concept "${name}"`)
      found = occurrencesOf(reading.answer, concept, reading)
      cache.set(name, found)
    }
    return found
  }
}

/** The occurrences that satisfy a requirement (or a wrong design's same fields), or undefined. */
function satisfied(
  reading: Reading,
  found: Found,
  rule: Requirement | WrongDesign,
  outsideHypothetical: boolean,
): Occurrence[] | undefined {
  const near = 'says' in rule || (rule as Requirement).near === true
  const used = allOf(found, rule.all ?? [], outsideHypothetical, near)
  if (!used) return undefined
  const steps = rule.steps ?? []
  for (let i = 0; i + 1 < steps.length; i++) {
    const pair = saidBefore(reading.answer, found(steps[i]!), found(steps[i + 1]!))
    if (!pair) return undefined
    used.push(...pair)
  }
  for (const name of 'none' in rule ? (rule.none ?? []) : [])
    if (found(name).some((o) => !o.negated && used.some((u) => closeTogether(reading.answer, u, o))))
      return undefined
  for (const name of 'negated' in rule ? (rule.negated ?? []) : []) {
    const hit = found(name).find((o) => o.negated && !o.hypothetical)
    if (!hit) return undefined
    used.push(hit)
  }
  return used
}

/** Words within which a wrong design's concepts must all be said. */
const NEAR = 12

/** Within NEAR words of each other, in one sentence. */
function closeTogether(answer: Answer, a: Occurrence, b: Occurrence): boolean {
  return (
    Math.abs(a.first - b.first) <= NEAR &&
    answer.tokens[a.first]!.sentence === answer.tokens[b.first]!.sentence
  )
}

/** One usable occurrence per concept (all within NEAR words of the first when `near`), or undefined. */
function allOf(
  found: Found,
  names: readonly string[],
  outsideHypothetical: boolean,
  near: boolean,
): Occurrence[] | undefined {
  const usable = names.map((name) =>
    found(name).filter((o) => !o.negated && !(outsideHypothetical && o.hypothetical)),
  )
  if (usable.some((list) => list.length === 0)) return undefined
  if (!near || usable.length < 2) return usable.map((list) => list[0]!)
  for (const anchor of usable[0]!) {
    const picks = usable.slice(1).map((list) => list.find((o) => Math.abs(o.first - anchor.first) <= NEAR))
    if (picks.every((o) => o !== undefined)) return [anchor, ...(picks as Occurrence[])]
  }
  return undefined
}

/** Spans of the occurrences (a negation's quote starts at its "not"), merged where they overlap. */
function evidenceOf(answer: Answer, used: readonly Occurrence[]): EvidenceSpan[] {
  const spans = used
    .map((o) => answer.span(o.negated && o.negationAt !== undefined ? o.negationAt : o.first, o.last))
    .sort((a, b) => a.start - b.start)
  const merged: EvidenceSpan[] = []
  for (const span of spans) {
    const last = merged.at(-1)
    if (last && span.start <= last.end) {
      const end = Math.max(last.end, span.end)
      merged[merged.length - 1] = { start: last.start, end, text: answer.text.slice(last.start, end) }
    } else merged.push(span)
  }
  return merged
}

function judgeRubric(reading: Reading, id: string, rubric: PointRubric): PointVerdict {
  const found = finder(reading, rubric.concepts)
  for (const wrong of rubric.wrong ?? []) {
    const used = satisfied(reading, found, wrong, true)
    if (used)
      return {
        id,
        heard: false,
        evidence: evidenceOf(reading.answer, used),
        contradiction: { text: wrong.says, flaw: wrong.flaw ?? null },
      }
  }
  for (const requirement of rubric.heard ?? []) {
    const used = satisfied(reading, found, requirement, false)
    if (used) return { id, heard: true, evidence: evidenceOf(reading.answer, used), contradiction: null }
  }
  return { id, heard: false, evidence: [], contradiction: null }
}

function judgeCues(reading: Reading, id: string, cues: readonly string[]): PointVerdict {
  const occurrences = occurrencesOf(reading.answer, cues.map(String), reading)
  const exact = occurrences.filter((o) =>
    cues.some((cue) => patternsOf(cue).some((p) => p.length === o.last - o.first + 1)),
  )
  const said = exact.filter((o) => !o.negated)
  if (said.length > 0)
    return { id, heard: true, evidence: evidenceOf(reading.answer, said), contradiction: null }
  const denied = exact.filter((o) => o.negated)
  if (denied.length === 0) return { id, heard: false, evidence: [], contradiction: null }
  const evidence = evidenceOf(reading.answer, denied)
  return {
    id,
    heard: false,
    evidence,
    contradiction: { text: `Said with a negation: “${evidence[0]!.text}”.`, flaw: null },
  }
}

/**
 * A point's verdict: its rubric's wrong designs first, then its ways of being made; a point with no ways
 * written (no rubric, or wrong designs only) is heard from its text (from-text.ts), or by its cues alone
 * when it has no text.
 */
export function judgePoint(reading: Reading, point: GradablePoint, words?: PointWords): PointVerdict {
  if (point.rubric) {
    const verdict = judgeRubric(reading, point.id, point.rubric)
    if (point.rubric.heard || verdict.contradiction) return verdict
  }
  if (!words || words.units.length === 0) return judgeCues(reading, point.id, point.cues ?? [])
  const verdict = judgeFromText(reading, point, words)
  if (verdict.heard || verdict.contradiction) return verdict
  // A cue said only with a negation ("we do not use a uuid") still contradicts the point.
  const cues = judgeCues(reading, point.id, point.cues ?? [])
  return cues.contradiction ? cues : verdict
}
