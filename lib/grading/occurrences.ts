// A concept's occurrences in an answer, each marked negated ("keys never expire") or hypothetical
// ("swap them and the retry charges again") — the two ways words are said without being claimed.
import { BACK_TO_DESIGN, BARRIERS, HYPOTHETICAL, NEGATOR_PAIRS, NEGATORS } from './lexicon'
import { type Answer, type Hit, type Pattern, patternsOf } from './phrases'
import type { Concept } from './types'

export interface Occurrence extends Hit {
  negated: boolean
  /** Where the negation starts (for the quote of what was denied). */
  negationAt: number | undefined
  hypothetical: boolean
}

/** How far back a negation reaches ("we do not ever call the provider"). */
const NEGATION_REACH = 4

function sayOf(concept: Concept): readonly string[] {
  return Array.isArray(concept) ? concept : (concept as { say: readonly string[] }).say
}

function unlessOf(concept: Concept): readonly string[] {
  return Array.isArray(concept) ? [] : ((concept as { unless?: readonly string[] }).unless ?? [])
}

/** The first token of a negation that reaches the hit, if any. */
export function negationBefore(answer: Answer, hit: Hit): number | undefined {
  const tokens = answer.tokens
  for (let k = hit.first - 1; k >= Math.max(0, hit.first - NEGATION_REACH); k--) {
    const token = tokens[k]!
    const next = tokens[k + 1]!
    if (token.sentence !== next.sentence || next.breakBefore) return undefined
    if (NEGATORS.has(token.word))
      return token.word === 'not' && tokens[k + 1]?.word === 'only' ? undefined : k
    const previous = tokens[k - 1]?.word
    // "instead of" and "rather than" deny only what comes right after them ("instead of h1 gets 422").
    if (NEGATOR_PAIRS.some(([a, b]) => previous === a && token.word === b))
      return hit.first - k <= 2 || previous === 'no' || previous === 'not' ? k - 1 : undefined
    if (BARRIERS.has(token.word)) return undefined
  }
  return undefined
}

/** "a lease is not needed", "a second key is unnecessary". */
function negatedAfter(answer: Answer, hit: Hit): boolean {
  const after = answer.tokens.slice(hit.last + 1, hit.last + 5).map((t) => t.word)
  const at = after.indexOf('not')
  const denial = ['need', 'needed', 'necessary', 'required', 'used', 'needs']
  return (at >= 0 && denial.includes(after[at + 1] ?? '')) || after.slice(0, 3).includes('unnecessary')
}

/** Token indexes inside a hypothetical: the trigger's sentence, up to a return to the design. */
export function hypotheticalTokens(answer: Answer): Set<number> {
  const marked = new Set<number>()
  const tokens = answer.tokens
  const mark = (from: number, to: number, sentence: number) => {
    for (let k = Math.max(0, from); k <= Math.min(to, tokens.length - 1); k++)
      if (tokens[k]!.sentence === sentence) marked.add(k)
  }
  for (const pattern of answer.candidates(compiledOf(HYPOTHETICAL).byFirst))
    for (const hit of answer.find(pattern, 0)) {
      const sentence = tokens[hit.first]!.sentence
      // A written sentence is the hypothetical's scope; a recognizer's run-on text gets thirty words.
      const length = tokens.filter((t) => t.sentence === sentence).length
      const reach = length <= 60 ? length : 30
      mark(
        hit.first - backReach(answer, hit.first),
        Math.min(backToDesignAfter(answer, hit.last), hit.last + reach),
        sentence,
      )
    }
  // "Without a lease, the row blocks retries forever, so …": the consequence of a design left out.
  tokens.forEach((token, i) => {
    if (token.word !== 'without' || !(i === 0 || tokens[i - 1]!.sentence !== token.sentence)) return
    const so = tokens.findIndex((t, k) => k > i && (t.word === 'so' || t.sentence !== token.sentence))
    mark(i, (so < 0 ? tokens.length : so) - 1, token.sentence)
  })
  return marked
}

/**
 * How far before its trigger a hypothetical reaches: a design named and then judged ("charging first is
 * the bug") reaches back fifteen words; a warning that opens ("the classic mistake would be to …") only
 * takes its own few words.
 */
function backReach(answer: Answer, trigger: number): number {
  const before = answer.tokens.slice(Math.max(0, trigger - 3), trigger).map((t) => t.word)
  return before.some((w) => ['is', 'was', 'are', 'be'].includes(w)) ? 15 : 2
}

function backToDesignAfter(answer: Answer, from: number): number {
  let end = answer.tokens.length - 1
  for (const phrase of BACK_TO_DESIGN)
    for (const pattern of patternsOf(phrase))
      for (const hit of answer.find(pattern, 0))
        if (hit.first > from && hit.first - 1 < end) end = hit.first - 1
  return end
}

interface CompiledConcept {
  /** The concept's patterns by their first stem, so an answer is scanned only for stems it holds. */
  byFirst: Map<string, Pattern[]>
  unless: Pattern[]
}
const compiledConcepts = new WeakMap<object, CompiledConcept>()

/** A concept's phrases compiled once (rubrics come from content loaded once per process). */
function compiledOf(concept: Concept): CompiledConcept {
  let compiled = compiledConcepts.get(concept)
  if (!compiled) {
    const byFirst = new Map<string, Pattern[]>()
    for (const pattern of sayOf(concept).flatMap(patternsOf)) {
      const list = byFirst.get(pattern[0]!)
      if (list) list.push(pattern)
      else byFirst.set(pattern[0]!, [pattern])
    }
    compiled = { byFirst, unless: unlessOf(concept).flatMap(patternsOf) }
    compiledConcepts.set(concept, compiled)
  }
  return compiled
}

/** Every occurrence of a concept, longest hits first where two start together. */
/** Where an answer's words are not its design: hypotheticals, and what the speaker took back (discourse.ts). */
export interface Marks {
  hypothetical: ReadonlySet<number>
  unsaid: ReadonlySet<number>
}

export function occurrencesOf(answer: Answer, concept: Concept, marks: Marks): Occurrence[] {
  const { byFirst, unless } = compiledOf(concept)
  const found = new Map<number, Hit>()
  for (const pattern of answer.candidates(byFirst))
    for (const hit of answer.find(pattern)) {
      const known = found.get(hit.first)
      if (!known || known.last < hit.last) found.set(hit.first, hit)
    }
  if (found.size === 0) return []
  const unlessHits = unless.flatMap((pattern) => answer.find(pattern, 0))
  const out: Occurrence[] = []
  for (const hit of [...found.values()].sort((a, b) => a.first - b.first)) {
    if (marks.unsaid.has(hit.first) || marks.unsaid.has(hit.last)) continue
    if (unlessHits.some((u) => near(answer, hit, u))) continue
    const negationAt = negationBefore(answer, hit)
    const negated = negationAt !== undefined || negatedAfter(answer, hit)
    out.push({ ...hit, negated, negationAt, hypothetical: marks.hypothetical.has(hit.first) })
  }
  return out
}

/** Where one pattern (a learner's taught phrase) is said, outside what the speaker took back. */
export function occurrencesOfPattern(answer: Answer, pattern: Pattern, marks: Marks): Occurrence[] {
  return answer
    .find(pattern)
    .filter((hit) => !marks.unsaid.has(hit.first) && !marks.unsaid.has(hit.last))
    .map((hit) => {
      const negationAt = negationBefore(answer, hit)
      const negated = negationAt !== undefined || negatedAfter(answer, hit)
      return { ...hit, negated, negationAt, hypothetical: marks.hypothetical.has(hit.first) }
    })
}

/** An `unless` hit in the same sentence, from five words before the occurrence to three words after it. */
function near(answer: Answer, hit: Hit, other: Hit): boolean {
  const sameSentence = answer.tokens[hit.first]!.sentence === answer.tokens[other.first]!.sentence
  return sameSentence && other.last >= hit.first - 5 && other.first <= hit.last + 3
}
