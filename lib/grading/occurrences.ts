// A concept's occurrences in an answer, each marked negated ("keys never expire") or hypothetical
// ("swap them and the retry charges again") — the two ways words are said without being claimed.
import { BACK_TO_DESIGN, BARRIERS, HYPOTHETICAL, NEGATOR_PAIRS, NEGATORS } from './lexicon'
import { type Answer, type Hit, patternsOf } from './phrases'
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
    if (NEGATOR_PAIRS.some(([a, b]) => previous === a && token.word === b)) return k - 1
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
  for (const trigger of HYPOTHETICAL)
    for (const pattern of patternsOf(trigger))
      for (const hit of answer.find(pattern, 0)) {
        const sentence = tokens[hit.first]!.sentence
        const back = backToDesignAfter(answer, hit.last)
        for (let k = Math.max(0, hit.first - 15); k <= Math.min(back, hit.last + 30); k++)
          if (tokens[k]!.sentence === sentence) marked.add(k)
      }
  return marked
}

function backToDesignAfter(answer: Answer, from: number): number {
  let end = answer.tokens.length - 1
  for (const phrase of BACK_TO_DESIGN)
    for (const pattern of patternsOf(phrase))
      for (const hit of answer.find(pattern, 0))
        if (hit.first > from && hit.first - 1 < end) end = hit.first - 1
  return end
}

/** Every occurrence of a concept, longest hits first where two start together. */
export function occurrencesOf(answer: Answer, concept: Concept, hypothetical: Set<number>): Occurrence[] {
  const unless = unlessOf(concept).flatMap(patternsOf)
  const found = new Map<number, Hit>()
  for (const pattern of sayOf(concept).flatMap(patternsOf))
    for (const hit of answer.find(pattern)) {
      const known = found.get(hit.first)
      if (!known || known.last < hit.last) found.set(hit.first, hit)
    }
  const out: Occurrence[] = []
  for (const hit of [...found.values()].sort((a, b) => a.first - b.first)) {
    if (unless.some((pattern) => answer.find(pattern, 0).some((u) => near(answer, hit, u)))) continue
    const negationAt = negationBefore(answer, hit)
    const negated = negationAt !== undefined || negatedAfter(answer, hit)
    out.push({ ...hit, negated, negationAt, hypothetical: hypothetical.has(hit.first) })
  }
  return out
}

/** An `unless` hit overlapping the occurrence or starting within three words after it, same sentence. */
function near(answer: Answer, hit: Hit, other: Hit): boolean {
  const sameSentence = answer.tokens[hit.first]!.sentence === answer.tokens[other.first]!.sentence
  return sameSentence && other.first >= hit.first && other.first <= hit.last + 3
}
