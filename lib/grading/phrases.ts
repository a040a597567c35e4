// Phrases compiled to stem sequences and found in an answer's tokens. A rubric phrase may name lexicon
// classes (`@provider`); it is expanded to every combination once and cached, so a suggestion only scans.
import { BARRIERS, CLASSES, NEGATORS } from './lexicon'
import { type Token, tokenize } from './text'

/** A phrase as the stems to find, in order. */
export type Pattern = readonly string[]

/** At most this many filler words between two words of a phrase. */
export const MAX_GAP = 3

const compiled = new Map<string, Pattern[]>()

function stemsOf(text: string): string[] {
  return tokenize(text).map((t) => t.stem)
}

/** Every stem sequence a phrase stands for ("call @provider" → call provider, call psp, …). */
export function patternsOf(phrase: string): Pattern[] {
  const cached = compiled.get(phrase)
  if (cached) return cached
  let alternatives: string[][] = [[]]
  for (const part of phrase.trim().split(/\s+/)) {
    const options = part.startsWith('@') ? classOf(part.slice(1)).map(stemsOf) : [stemsOf(part)]
    alternatives = alternatives.flatMap((prefix) => options.map((option) => [...prefix, ...option]))
  }
  const patterns = alternatives.filter((a) => a.length > 0)
  compiled.set(phrase, patterns)
  return patterns
}

function classOf(name: string): readonly string[] {
  const words = CLASSES[name]
  if (!words) throw new Error(`unknown lexicon class @${name}`)
  return words
}

/** Where a pattern was found: token indexes, first and last inclusive. */
export interface Hit {
  first: number
  last: number
}

/** An answer's tokens with an index from stem to positions (built once per suggestion). */
export class Answer {
  readonly tokens: Token[]
  private readonly positions = new Map<string, number[]>()
  constructor(readonly text: string) {
    this.tokens = tokenize(text)
    this.tokens.forEach((token, i) => {
      const list = this.positions.get(token.stem)
      if (list) list.push(i)
      else this.positions.set(token.stem, [i])
    })
  }

  /** The patterns whose first stem the answer holds (walking the smaller of the two maps). */
  candidates(byFirst: ReadonlyMap<string, readonly Pattern[]>): Pattern[] {
    const out: Pattern[] = []
    if (byFirst.size < this.positions.size) {
      for (const [first, patterns] of byFirst) if (this.positions.has(first)) out.push(...patterns)
    } else for (const first of this.positions.keys()) out.push(...(byFirst.get(first) ?? []))
    return out
  }

  /** Every place a pattern occurs, with up to `gap` filler words between its words. */
  find(pattern: Pattern, gap = MAX_GAP): Hit[] {
    const hits: Hit[] = []
    for (const first of this.positions.get(pattern[0]!) ?? []) {
      const last = this.extend(pattern, 1, first, gap)
      if (last !== undefined) hits.push({ first, last })
    }
    return hits
  }

  private extend(pattern: Pattern, at: number, from: number, gap: number): number | undefined {
    if (at === pattern.length) return from
    for (let j = from + 1; j <= from + 1 + gap && j < this.tokens.length; j++) {
      const token = this.tokens[j]!
      if (token.sentence !== this.tokens[from]!.sentence || token.breakBefore) return undefined
      if (token.stem === pattern[at]) {
        const last = this.extend(pattern, at + 1, j, gap)
        if (last !== undefined) return last
      }
      if (BARRIERS.has(token.word) || NEGATORS.has(token.word)) return undefined
    }
    return undefined
  }

  /** The answer's text from a token to another (inclusive), exactly as written. */
  span(first: number, last: number): { start: number; end: number; text: string } {
    const start = this.tokens[first]!.start
    const end = this.tokens[last]!.end
    return { start, end, text: this.text.slice(start, end) }
  }
}
