// Of two (or three) designs weighed, the one chosen counts: "One option is to charge first and then write
// the key; the other is to claim the key first and then charge. I'd go with the second." — the steps of the
// design not chosen are not said (discourse.ts marks them): they count neither for a point nor against it.
//
// Designs weighed are opened by ordinal markers ("one option is … the other is …", "option A … option B",
// "either … or …", "firstly/alternatively"); the choice comes after them, as a choosing word ("go with",
// "pick", "prefer", "is safer", "so B") with a reference to one design — by ordinal ("the second", "the
// latter", "the other one", "option B", "B") or, failing one, by the words it repeats ("I'll pick claiming
// the key first"). With no choice said, nothing is taken away.
import type { Answer } from './phrases'

/** Words that open a design weighed, with its rank (1 first, 2 second, 3 third). */
const OPENERS: readonly (readonly [string, number])[] = [
  ...[
    'option',
    'way',
    'approach',
    'design',
    'choice',
    'possibility',
    'alternative',
    'variant',
    'solution',
  ].flatMap((noun): [string, number][] => [
    [`1 ${noun}`, 1],
    [`first ${noun}`, 1],
    [`${noun} a`, 1],
    [`${noun} 1`, 1],
    [`second ${noun}`, 2],
    [`another ${noun}`, 2],
    [`other ${noun}`, 2],
    [`${noun} b`, 2],
    [`${noun} 2`, 2],
    [`third ${noun}`, 3],
    [`${noun} c`, 3],
    [`${noun} 3`, 3],
  ]),
  ['plan a', 1],
  ['plan b', 2],
  ['the first is', 1],
  ['the first would be', 1],
  ['the second is', 2],
  ['the second would be', 2],
  ['the other is', 2],
  ['the other would be', 2],
  ['the other 1', 2],
  ['alternatively', 2],
  ['or else', 2],
]

/** Words that choose (the reference stands after them: "I'd go with the second"). */
const CHOOSE_BEFORE = [
  'go with',
  'going with',
  'went with',
  'pick',
  'choose',
  'chose',
  'prefer',
  'opt for',
  'take',
  'recommend',
  'favour',
  'favor',
  'settle on',
  'stick with',
  'vote for',
  'use',
  'do',
  'so',
]
/** Words that choose the reference standing before them ("B is safer", "the latter wins"). */
const CHOOSE_AFTER = [
  'is safer',
  'is better',
  'is correct',
  'is right',
  'is the right',
  'is the one',
  'is what i',
  'is my choice',
  'is the way',
  'wins',
  'it is',
]

/** Ordinal references to a design, with its rank; "a" and "b" stand alone only as labels. */
const REFERENCES: readonly (readonly [string, number])[] = [
  ['the first', 1],
  ['the former', 1],
  ['the 1st', 1],
  ['the second', 2],
  ['the latter', 2],
  ['the other', 2],
  ['the last', 2],
  ['the alternative', 2],
  ['the third', 3],
  ...OPENERS.filter(([phrase]) => !phrase.startsWith('the ')),
]
const LABELS: Readonly<Record<string, number>> = { a: 1, b: 2, c: 3 }

/** Words too common to tell two designs apart when a choice repeats one's words. */
const COMMON = new Set(
  'the a an to and then we i it is be would will could should of on in at with for that this first second one 1 2 go pick choose prefer take do so is option other way approach design'.split(
    ' ',
  ),
)

/** How far a design reaches: the designs weighed and the choice all fit in this many words. */
const REACH = 120
/** How near a choosing word its reference must stand. */
const REFERENCE_REACH = 6

const split = (phrase: string) => phrase.split(' ')
const OPENER_WORDS = OPENERS.map(([p, rank]) => [split(p), rank] as const)
const REFERENCE_WORDS = REFERENCES.map(([p, rank]) => [split(p), rank] as const)
const BEFORE_WORDS = CHOOSE_BEFORE.map(split)
const AFTER_WORDS = CHOOSE_AFTER.map(split)

function at(answer: Answer, i: number, phrase: readonly string[]): boolean {
  const tokens = answer.tokens
  return phrase.every((w, k) => {
    const token = tokens[i + k]
    return token !== undefined && token.word === w && token.sentence === tokens[i]!.sentence
  })
}

interface Design {
  rank: number
  from: number
  to: number
}

/** The designs weighed, in the order told: one opener per rank, each reaching to the next. */
function designsOf(answer: Answer, from: number): Design[] {
  const tokens = answer.tokens
  const opened: { rank: number; at: number }[] = []
  let either: number | undefined
  for (let i = from; i < tokens.length && (opened.length === 0 || i - opened[0]!.at <= REACH); i++) {
    const word = tokens[i]!.word
    if (word === 'either' && opened.length === 0) {
      either = i
      opened.push({ rank: 1, at: i })
      continue
    }
    if (word === 'or' && either !== undefined && tokens[either]!.sentence === tokens[i]!.sentence) {
      if (opened.length === 1) opened.push({ rank: 2, at: i })
      continue
    }
    const hit = OPENER_WORDS.find(([phrase]) => at(answer, i, phrase))
    if (!hit) continue
    const rank = hit[1]
    if (rank === opened.length + 1) opened.push({ rank, at: i })
    else if (rank === 1 && opened.length === 1) opened[0] = { rank, at: i }
  }
  if (opened.length < 2) return []
  return opened.map((o, k) => ({ rank: o.rank, from: o.at, to: (opened[k + 1]?.at ?? tokens.length) - 1 }))
}

/** The rank an ordinal reference at `i` names (or undefined), with its length. */
function referenceAt(answer: Answer, i: number, labelled: boolean): [number, number] | undefined {
  for (const [phrase, rank] of REFERENCE_WORDS) if (at(answer, i, phrase)) return [rank, phrase.length]
  const token = answer.tokens[i]
  if (!token || !labelled) return undefined
  const rank = LABELS[token.word]
  if (rank === undefined) return undefined
  // "a" is an article unless it ends its clause or a choosing word follows it ("A is safer").
  const next = answer.tokens[i + 1]
  const alone = !next || next.sentence !== token.sentence || next.breakBefore
  if (token.word === 'a' && !alone && !AFTER_WORDS.some((p) => at(answer, i + 1, p))) return undefined
  return [rank, 1]
}

/** The design a choice names by the words it repeats from one design only. */
function byWords(answer: Answer, from: number, designs: readonly Design[]): number | undefined {
  const tokens = answer.tokens
  const sentence = tokens[from]!.sentence
  const said = new Set<string>()
  for (let k = from; k < tokens.length && tokens[k]!.sentence === sentence; k++)
    if (!COMMON.has(tokens[k]!.word)) said.add(tokens[k]!.stem)
  const shared = designs.map((d) => {
    const stems = new Set(tokens.slice(d.from, d.to + 1).map((t) => t.stem))
    const others = new Set(
      designs.filter((o) => o !== d).flatMap((o) => tokens.slice(o.from, o.to + 1).map((t) => t.stem)),
    )
    return [...said].filter((s) => stems.has(s) && !others.has(s)).length
  })
  const best = Math.max(...shared)
  return best > 0 && shared.filter((n) => n === best).length === 1 ? shared.indexOf(best) : undefined
}

interface Choice {
  rank: number
  /** Where the choice's clause starts: the design before it ends there. */
  at: number
  /** A choice by the words it repeats names the design, it does not tell it again: its last word. */
  naming?: number
}

/** The first choice said after the last design opened, or undefined. */
function choiceAfter(answer: Answer, designs: readonly Design[], labelled: boolean): Choice | undefined {
  const tokens = answer.tokens
  const last = designs.at(-1)!
  for (let i = last.from + 1; i < tokens.length && i - designs[0]!.from <= REACH; i++) {
    // A choice is a clause of its own: "either it answers or refuses so you choose …" chooses nothing.
    if (clauseStart(answer, i) <= last.from) continue
    const before = BEFORE_WORDS.find((p) => at(answer, i, p))
    if (before) {
      for (let k = i + before.length; k <= i + before.length + REFERENCE_REACH; k++) {
        if (tokens[k]?.sentence !== tokens[i]!.sentence) break
        const ref = referenceAt(answer, k, labelled)
        if (ref) return { rank: ref[0], at: clauseStart(answer, i) }
      }
      if (before[0] !== 'so' && before[0] !== 'do' && before[0] !== 'use' && before[0] !== 'take') {
        const index = byWords(answer, i + before.length, designs)
        if (index !== undefined)
          return { rank: designs[index]!.rank, at: clauseStart(answer, i), naming: clauseEnd(answer, i) }
      }
    }
    const after = AFTER_WORDS.find((p) => at(answer, i, p))
    if (after)
      for (let k = i - 1; k >= Math.max(0, i - 3); k--) {
        if (tokens[k]!.sentence !== tokens[i]!.sentence) break
        const ref = referenceAt(answer, k, labelled)
        if (ref && k + ref[1] === i) return { rank: ref[0], at: clauseStart(answer, k) }
      }
  }
  return undefined
}

/** Where the clause holding token `i` starts (a sentence's start or the last break before `i`). */
function clauseStart(answer: Answer, i: number): number {
  const tokens = answer.tokens
  let k = i
  while (k > 0 && tokens[k - 1]!.sentence === tokens[i]!.sentence && !tokens[k]!.breakBefore) k--
  return k
}

/** Where the clause holding token `i` ends. */
function clauseEnd(answer: Answer, i: number): number {
  const tokens = answer.tokens
  let k = i
  while (
    k + 1 < tokens.length &&
    tokens[k + 1]!.sentence === tokens[i]!.sentence &&
    !tokens[k + 1]!.breakBefore
  )
    k++
  return k
}

/** Token ranges (first, last inclusive) of the designs weighed and not chosen. */
export function designsNotChosen(answer: Answer): [number, number][] {
  const out: [number, number][] = []
  let from = 0
  while (from < answer.tokens.length) {
    const designs = designsOf(answer, from)
    if (designs.length === 0) break
    const labelled = designs.some((d) => ['a', 'b', 'c'].includes(answer.tokens[d.from + 1]?.word ?? ''))
    const choice = choiceAfter(answer, designs, labelled)
    if (!choice || !designs.some((d) => d.rank === choice.rank)) {
      from = designs[1]!.from
      continue
    }
    for (const d of designs) {
      const to = Math.min(d.to, choice.at - 1)
      if (d.rank !== choice.rank && to >= d.from) out.push([d.from, to])
    }
    if (choice.naming !== undefined) out.push([choice.at, choice.naming])
    from = Math.max(choice.at + 1, designs.at(-1)!.from + 1)
  }
  return out
}
