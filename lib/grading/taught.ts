// Phrases a learner taught the grader: after Show answer they select the words in their answer that made a
// point the grader did not hear and press "This is where I said it". From then on that phrasing hears that
// point for that learner, on this card and on any card whose point shares the taught point's key concept
// (point-words.ts: its most telling thesaurus entry). A taught phrase is found like a rubric phrase (its
// words in order on their stems, up to three filler words between), never negated, never in a hypothetical
// or a retracted stretch; a point's wrong designs are checked before it, so a taught phrase never makes a
// critical point heard inside a wrong design.
import type { Reading } from './judge'
import { BARRIERS, NEGATORS } from './lexicon'
import { type Occurrence, occurrencesOfPattern } from './occurrences'
import type { Pattern } from './phrases'
import { STOPWORDS } from './point-words'
import { tokenize } from './text'
import type { EvidenceSpan, GradablePoint, TaughtPhrase } from './types'

/** The longest phrase taught, in characters (a sentence or two of an answer). */
export const MAX_TAUGHT_CHARS = 300

/**
 * The phrase's content words as a pattern ("the stuck claim gets a stamp" → stuck claim stamp): the little
 * words around them may change from one answer to the next. No thesaurus classes: a learner's words are
 * taken as written.
 */
function patternOf(phrase: string): Pattern {
  const tokens = tokenize(phrase.slice(0, MAX_TAUGHT_CHARS).replace(/@/g, ' '))
  // Connectives and negations stay: a phrase is never found across one that it does not say itself.
  const content = tokens.filter((t) => !STOPWORDS.has(t.word) || BARRIERS.has(t.word) || NEGATORS.has(t.word))
  return (content.length > 0 ? content : tokens).map((t) => t.stem)
}

/** Does a taught phrase belong to this point of this card (by the point, or by its key concept)? */
export function teaches(
  taught: TaughtPhrase,
  cardId: string | undefined,
  point: GradablePoint,
  keyConcept: string | null,
): boolean {
  if (cardId !== undefined && taught.cardId === cardId && taught.pointId === point.id) return true
  return taught.concept != null && keyConcept !== null && taught.concept === keyConcept
}

/** Where the answer says one of the taught phrases, usable as evidence (not denied, not hypothetical). */
export function taughtEvidence(reading: Reading, phrases: readonly TaughtPhrase[]): EvidenceSpan[] {
  const found: Occurrence[] = []
  for (const taught of phrases) {
    const pattern = patternOf(taught.phrase)
    if (pattern.length === 0) continue
    const hit = occurrencesOfPattern(reading.answer, pattern, reading).find(
      (o) => !o.negated && !o.hypothetical,
    )
    if (hit) found.push(hit)
  }
  return found.map((o) => reading.answer.span(o.first, o.last))
}
