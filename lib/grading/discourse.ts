// What an answer takes back. A speaker corrects themself ("no, scratch that", "sorry, let me correct
// myself", "actually no"): what they retract is not said. A speaker names a design to turn it down ("some
// teams answer 422 … I find that too strict", "people start with an empty row. I wouldn't."): the design
// they turn down is not said either, nor is a design weighed against another and not chosen ("one option is …;
// the other is …. I'd go with the second": choice.ts); nor is a hedge that names no step ("maybe we could save something
// first?"). Such words count neither for a point nor against it.
// (A design told as a warning — "the naive server charges first, and that is the bug" — is a hypothetical:
// occurrences.ts; it explains a point, so it may still make one, but it is never a wrong design.)
import { designsNotChosen } from './choice'
import type { Answer } from './phrases'

/** Words that take back what came just before them. */
const RETRACTIONS = [
  'scratch that',
  'strike that',
  'correct myself',
  'actually no',
  'no wait',
  'wait no',
  'sorry no',
  'no sorry',
  'hmm no',
  'take that back',
  'let me rephrase',
  'that is backwards',
]

/** A sentence opening with these turns down the sentence before it ("I wouldn't."). */
const REJECTIONS = [
  'i would not',
  'i would leave that out',
  'leave that out',
  'i find that too strict',
  'too strict',
  'that is wrong',
  'do not do that',
  'i would not do that',
  'not what i would do',
  'i would avoid that',
]

/** A hedge counts only when it states the step: "maybe we could save something first?" states none. */
const HEDGES = new Set(['maybe', 'perhaps', 'possibly', 'might', 'guess'])
const VAGUE = new Set(['something', 'stuff', 'anything', 'things', 'whatever'])
/** How near a hedge a vague word must stand, and how far around it the vague step reaches. */
const HEDGE_REACH = 8
const VAGUE_REACH = 3

/** A recognizer's run-on text has no sentences: a retraction takes back at most this many words. */
const RETRACT_REACH = 25

const words = (phrase: string) => phrase.split(' ')

/** Where a phrase of words starts at token `i` (exact words, no fillers); its length or 0. */
function matchAt(answer: Answer, i: number, phrase: readonly string[]): number {
  const tokens = answer.tokens
  for (let k = 0; k < phrase.length; k++) {
    const token = tokens[i + k]
    if (!token || token.word !== phrase[k] || token.sentence !== tokens[i]!.sentence) return 0
  }
  return phrase.length
}

/** Each sentence's first token index. */
function sentenceStarts(answer: Answer): Map<number, number> {
  const starts = new Map<number, number>()
  answer.tokens.forEach((t, k) => {
    if (!starts.has(t.sentence)) starts.set(t.sentence, k)
  })
  return starts
}

const RETRACTION_WORDS = RETRACTIONS.map(words)
const REJECTION_WORDS = REJECTIONS.map(words)

/** Token indexes the speaker took back or turned down. */
export function unsaidTokens(answer: Answer): Set<number> {
  const unsaid = new Set<number>()
  const tokens = answer.tokens
  const mark = (from: number, to: number) => {
    for (let k = Math.max(0, from); k <= to; k++) unsaid.add(k)
  }
  const starts = sentenceStarts(answer)
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    const sentenceStart = starts.get(token.sentence)!
    for (const phrase of RETRACTION_WORDS) {
      const n = matchAt(answer, i, phrase)
      if (!n) continue
      const end = i + n - 1
      if (i - sentenceStart <= 3 && token.sentence > 0) {
        // "… charge first. No, sorry, let me correct myself: …": the sentence before goes.
        const previous = starts.get(tokens[sentenceStart - 1]!.sentence)!
        mark(Math.max(previous, sentenceStart - 1 - 3 * RETRACT_REACH), end)
      } else mark(Math.max(sentenceStart, i - RETRACT_REACH), end)
    }
    if (i === sentenceStart && token.sentence > 0)
      for (const phrase of REJECTION_WORDS) {
        const n = matchAt(answer, i, phrase)
        // "I wouldn't." / "I wouldn't;": said alone, it turns the last sentence down; "I wouldn't put any
        // expiry on it" is a negation, read where it stands.
        const alone = n > 0 && (tokens[i + n]?.sentence !== token.sentence || tokens[i + n]?.breakBefore)
        if (!alone) continue
        const previous = starts.get(tokens[i - 1]!.sentence)!
        mark(previous, i + n - 1)
      }
  }
  // Of two designs weighed, the one chosen counts (choice.ts).
  for (const [from, to] of designsNotChosen(answer)) mark(from, to)
  for (let i = 0; i < tokens.length; i++) {
    if (!VAGUE.has(tokens[i]!.word)) continue
    const hedged = tokens
      .slice(Math.max(0, i - HEDGE_REACH), i)
      .some((t) => HEDGES.has(t.word) && t.sentence === tokens[i]!.sentence)
    if (hedged) mark(i - VAGUE_REACH, Math.min(tokens.length - 1, i + VAGUE_REACH))
  }
  return unsaid
}
