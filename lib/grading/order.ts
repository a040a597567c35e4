// Which of two steps happens first in time, from where they are said and the words between them:
// "store the key, then charge" and "before charging we store the key" put the claim first; "store the
// key after we charge" and "charge … then insert the key" put the charge first. Across sentences the
// answer is read as told in order, unless a sentence opens with "before that".
import { FORWARD, ONCE_AS_COUNT_NEXT, REVERSE } from './lexicon'
import type { Occurrence } from './occurrences'
import type { Answer } from './phrases'
import { clockOrder } from './timeline'

export interface Order {
  /** "until" already says a denied step waits ("we do not charge until the key is stored"): no flip. */
  until?: boolean
  /** True when the step said first in the text also happens first. */
  textOrder: boolean
  /** Said with an order word (then, before, after, once…), not only by where it stands. */
  explicit: boolean
  sameSentence: boolean
}

/** How close a reversing word must stand to the later step ("… after we charge"). */
const REVERSE_REACH = 3

const word = (answer: Answer, i: number) => answer.tokens[i]?.word ?? ''

/**
 * A reversing word after "and", "but", "so" or "then" ("…, and when the charge succeeds it saves…") fronts its own
 * subordinate clause: it orders the step after it against what follows, not against what came before.
 */
function opensClause(answer: Answer, i: number): boolean {
  const token = answer.tokens[i]
  const previous = answer.tokens[i - 1]
  if (!token || !previous || previous.sentence !== token.sentence) return true
  return ['and', 'but', 'so', 'then'].includes(previous.word)
}

function isReverseAt(answer: Answer, i: number): boolean {
  const w = word(answer, i)
  if (w === 'once')
    return !ONCE_AS_COUNT_NEXT.has(word(answer, i + 1)) && !['exactly', 'just'].includes(word(answer, i - 1))
  if (w === 'before') return ['that', 'this', 'then'].includes(word(answer, i + 1))
  if (w === 'first') return word(answer, i - 1) === 'but'
  if (w === 'beforehand') return true
  if (w === 'after') return !['that', 'this', 'which', 'it'].includes(word(answer, i + 1))
  return REVERSE.has(w)
}

function isForwardAt(answer: Answer, i: number): boolean {
  const w = word(answer, i)
  if (w === 'after') return ['that', 'this', 'which'].includes(word(answer, i + 1))
  if (w === 'before') return !['that', 'this', 'then'].includes(word(answer, i + 1))
  if (w === 'only') return ['once', 'after', 'when', 'if'].includes(word(answer, i + 1))
  return FORWARD.has(w)
}

/** Does the clause of `x` open with a reversing "before" ("before charging, we …")? */
function opensWithBefore(answer: Answer, x: Occurrence): boolean {
  for (let k = x.first - 1; k >= Math.max(0, x.first - REVERSE_REACH); k--) {
    const token = answer.tokens[k]!
    if (token.sentence !== answer.tokens[x.first]!.sentence) return false
    if (token.word === 'before') {
      const previous = answer.tokens[k - 1]
      return (
        !previous ||
        previous.sentence !== token.sentence ||
        token.breakBefore ||
        ['and', 'but', 'so'].includes(previous.word)
      )
    }
  }
  return false
}

/** Each sentence's first token, found once per answer (orderOf asks for every pair of occurrences). */
const openings = new WeakMap<Answer, Map<number, number>>()

function sentenceOpening(answer: Answer, sentence: number): number {
  let bySentence = openings.get(answer)
  if (!bySentence) {
    bySentence = new Map()
    for (const [i, token] of answer.tokens.entries())
      if (!bySentence.has(token.sentence)) bySentence.set(token.sentence, i)
    openings.set(answer, bySentence)
  }
  return bySentence.get(sentence) ?? 0
}

/** The order of `x` and `y`, with `x` said first in the text. */
export function orderOf(answer: Answer, x: Occurrence, y: Occurrence): Order {
  const tokens = answer.tokens
  // A time or a step number said for both outweighs how the steps are told.
  const clock = clockOrder(answer, x.first, y.first)
  if (clock !== undefined) return { textOrder: clock, explicit: true, sameSentence: true }
  const sameSentence = tokens[x.last]!.sentence === tokens[y.first]!.sentence
  if (!sameSentence) {
    const opening = sentenceOpening(answer, tokens[y.first]!.sentence)
    for (let k = opening; k < Math.min(y.first, opening + 3); k++)
      if (isReverseAt(answer, k) && ['before', 'beforehand', 'first'].includes(word(answer, k)))
        return { textOrder: false, explicit: true, sameSentence }
    return { textOrder: true, explicit: word(answer, opening) === 'then', sameSentence }
  }
  for (let k = y.first - 1; k >= Math.max(x.last + 1, y.first - REVERSE_REACH); k--)
    if (isReverseAt(answer, k) && !(REVERSE.has(word(answer, k)) && opensClause(answer, k)))
      return { textOrder: false, explicit: true, sameSentence, until: word(answer, k) === 'until' }
  for (let k = x.last + 1; k < y.first; k++)
    if (isForwardAt(answer, k) || isReverseAt(answer, k))
      return { textOrder: true, explicit: true, sameSentence }
  if (opensWithBefore(answer, x)) return { textOrder: false, explicit: true, sameSentence }
  return { textOrder: true, explicit: false, sameSentence }
}

/** Two steps further apart than this are not ordered against each other (and not compared: speed). */
const ORDER_REACH = 50

/** Steps without an order word, in one sentence, count as told in order only this close together. */
const TOLD_IN_ORDER_REACH = 12

/**
 * How strongly a pair's order is said: an order word in one sentence (3), told in order close together in
 * one sentence (2), an order word across sentences (1), told in order across sentences or far apart (0).
 */
function strengthOf(order: Order, distance: number): number {
  if (order.sameSentence) return order.explicit ? 3 : distance <= TOLD_IN_ORDER_REACH ? 2 : 0
  return order.explicit ? 1 : 0
}

/**
 * Is some occurrence of `a` said to happen before some occurrence of `b`? Only the strongest evidence
 * for either order counts (an order word in a sentence says more than the telling order), so a sentence
 * that puts the charge first outweighs a claim mentioned earlier on. A negated step counts only where an
 * order word in its sentence makes the denial about order: "we never charge before the key is stored" puts
 * the key first.
 */
export function saidBefore(
  answer: Answer,
  as: readonly Occurrence[],
  bs: readonly Occurrence[],
): [Occurrence, Occurrence] | undefined {
  let best = -1
  let found: [Occurrence, Occurrence] | undefined
  for (const a of as)
    for (const b of bs) {
      if (a.hypothetical || b.hypothetical || overlaps(a, b) || Math.abs(a.first - b.first) > ORDER_REACH)
        continue
      const [x, y] = a.first < b.first ? [a, b] : [b, a]
      if (y.negated) continue
      const order = orderOf(answer, x, y)
      if (x.negated && !(order.explicit && order.sameSentence)) continue
      const strength = strengthOf(order, y.first - x.last)
      if (strength < best) continue
      const aFirst = (x === a) === (order.textOrder !== (x.negated && !order.until))
      if (strength > best) {
        best = strength
        found = undefined
      }
      if (aFirst) found ??= [a, b]
    }
  return found
}

function overlaps(a: Occurrence, b: Occurrence): boolean {
  return a.first <= b.last && b.first <= a.last
}
