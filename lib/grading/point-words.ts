// A point read from its own text: the thesaurus entries and the plain content words it says (its units),
// each weighed by how much it tells this point apart from the card's other points, and the order of two
// steps where the text gives one ("committed before the provider is called"). Compiled once per card.
import { negationBefore } from './occurrences'
import { Answer, type Pattern, patternsOf } from './phrases'
import { THESAURUS, type ThesaurusEntry } from './thesaurus'
import type { Concept, GradablePoint } from './types'

export interface Unit {
  /** `@lease` for a thesaurus entry, the stem for a plain word. */
  id: string
  concept: Concept
  weight: number
  /** Said with a negation in the point ("never calls the provider"): heard only when denied too. */
  negated: boolean
  /** Where the point's text says it (token index), for steps and their objects. */
  at: number
  step?: 'persist' | 'effect' | 'ack'
  common: boolean
}

/** Two steps the point orders: `first` happens before `then` (step families, thesaurus.ts). */
export interface StepOrder {
  first: NonNullable<Unit['step']>
  then: NonNullable<Unit['step']>
  /** Thesaurus entries said right beside the first step in the point ("the key is claimed"). */
  objects: string[]
}

export interface PointWords {
  units: Unit[]
  total: number
  order: StepOrder | undefined
  /** The point's most telling thesaurus entry (taught phrases travel to points that share it). */
  keyConcept: string | null
}

/** Words that carry no point of their own. */
export const STOPWORDS = new Set(
  `a an the and or but if then so of to in on at by for from with without into onto over under as is are was
  were be been being it its it's this that these those there their they them we our us you your he she his her
  one any each every all some no not never nor neither only also just than too very more most less least such
  can could may might must shall should will would do does did done has have had having get gets got make makes
  made which who whom whose what when where why how while until before after once again same other another own
  instead either both up out off about here now yet still even per via i me my mine ours itself themselves
  given say says said tell tells told let lets like way ways thing things case cases something anything nothing
  give gives giving stay stays left leave leaves come comes coming know knows find finds see sees hear hears keep
  keeps treat treated sent back plus alone later first known whichever anywhere against usual range perform
  performs none use used uses using goes go going take takes taken put puts within between because since
  s t 0 1 2 3 4 5 6 7 8 9 00`.split(/\s+/),
)

interface EntryPattern {
  pattern: Pattern
  name: string
  entry: ThesaurusEntry
}

/** The thesaurus's phrases by first stem, longest first: how a point's text is read into entries. */
const byFirstStem = new Map<string, EntryPattern[]>()
for (const [name, entry] of Object.entries(THESAURUS) as [string, ThesaurusEntry][])
  for (const phrase of entry.say)
    for (const pattern of patternsOf(phrase)) {
      const list = byFirstStem.get(pattern[0]!) ?? []
      list.push({ pattern, name, entry })
      byFirstStem.set(pattern[0]!, list)
    }
for (const list of byFirstStem.values()) list.sort((a, b) => b.pattern.length - a.pattern.length)

/** One-word phrases in two entries or more ("request" is a call and a body): a point's text reads them plainly. */
const ambiguous = new Set(
  [...byFirstStem.values()].flatMap((list) => {
    const names = new Set(list.filter((e) => e.pattern.length === 1).map((e) => e.name))
    return names.size > 1 ? [list[0]!.pattern[0]!] : []
  }),
)
/** Entries too general to stand for a point (a phrase taught travels by its point's key concept). */
const NOT_KEY = new Set(['fresh', 'twice', 'response', 'body', 'account'])

/** The units a text says, in order (before weighing). */
function unitsOf(text: string): Unit[] {
  const answer = new Answer(text)
  const tokens = answer.tokens
  const units: Unit[] = []
  const seen = new Set<string>()
  for (let i = 0; i < tokens.length; ) {
    const match = (byFirstStem.get(tokens[i]!.stem) ?? []).find(
      ({ pattern }) =>
        pattern.every((stem, k) => tokens[i + k]?.stem === stem) &&
        !(pattern.length === 1 && ambiguous.has(pattern[0]!)),
    )
    const negated = negationBefore(answer, { first: i, last: i }) !== undefined
    if (match) {
      const id = `@${match.name}`
      if (!seen.has(id)) {
        seen.add(id)
        units.push({
          id,
          concept: match.entry.say,
          weight: 1,
          negated,
          at: i,
          step: match.entry.step,
          common: match.entry.common === true,
        })
      }
      i += match.pattern.length
      continue
    }
    const token = tokens[i]!
    if (
      !STOPWORDS.has(token.word) &&
      (token.word.length >= 3 || /\d/.test(token.word)) &&
      !seen.has(token.stem)
    ) {
      seen.add(token.stem)
      units.push({ id: token.stem, concept: [token.word], weight: 1, negated, at: i, common: false })
    }
    i++
  }
  return units
}

/** How far from "before" / "until" the two steps it orders may stand in the point's text. */
const ORDER_REACH = 8

/** "committed before the provider is called", "no call … until that row is committed". */
function orderOf(text: string): StepOrder | undefined {
  const answer = new Answer(text)
  const tokens = answer.tokens
  const entryAt = (k: number) =>
    (byFirstStem.get(tokens[k]?.stem ?? '') ?? []).find(({ pattern }) =>
      pattern.every((stem, j) => tokens[k + j]?.stem === stem),
    )
  for (const [i, token] of tokens.entries()) {
    // "A before B"; "no B … until A" (a denied step waits for the other).
    if (token.word !== 'before' && token.word !== 'until') continue
    const sameSentence = (k: number) => tokens[k]?.sentence === token.sentence
    let before: number | undefined
    for (let k = i - 1; k >= i - ORDER_REACH && sameSentence(k); k--)
      if (entryAt(k)?.entry.step) {
        before = k
        break
      }
    let after: number | undefined
    for (let k = i + 1; k <= i + ORDER_REACH && sameSentence(k); k++)
      if (entryAt(k)?.entry.step) {
        after = k
        break
      }
    if (before === undefined || after === undefined) continue
    const beforeStep = entryAt(before)!.entry.step!
    const afterStep = entryAt(after)!.entry.step!
    if (beforeStep === afterStep) continue
    if (token.word === 'until' && negationBefore(answer, { first: before, last: before }) === undefined)
      continue
    const [first, then, at] =
      token.word === 'before' ? [beforeStep, afterStep, before] : [afterStep, beforeStep, after]
    // What the first step acts on ("the claim row (key, hash) is committed"): the entries said just before it.
    const objects = new Set<string>()
    for (let k = Math.max(0, at - ORDER_REACH); k <= at + 3 && k < i + (at > i ? ORDER_REACH : 0); k++) {
      const entry = entryAt(k)
      if (entry && !entry.entry.step && sameSentence(k) && entry.name !== 'provider') objects.add(entry.name)
    }
    return { first, then, objects: [...objects] }
  }
  return undefined
}

/** Plain words count for a little less than thesaurus entries; entries every answer says, for less still. */
const BASE_WEIGHT = { entry: 1, word: 0.8, number: 1.5, common: 0.4 }

function weigh(units: Unit[], documentFrequency: ReadonlyMap<string, number>): Unit[] {
  return units.map((u) => {
    const base = u.common
      ? BASE_WEIGHT.common
      : /^\d+$/.test(u.id)
        ? BASE_WEIGHT.number
        : u.id.startsWith('@')
          ? BASE_WEIGHT.entry
          : BASE_WEIGHT.word
    return { ...u, weight: base / Math.sqrt(documentFrequency.get(u.id) ?? 1) }
  })
}

const compiled = new Map<string, PointWords[]>()
const MAX_CACHED_CARDS = 2_000

/** Every point of a card read from its text (and cues), weighed against its siblings; cached per card. */
export function pointWordsOf(points: readonly GradablePoint[]): PointWords[] {
  const cacheKey = points.map((p) => `${p.text ?? ''}\u0001${(p.cues ?? []).join('\u0002')}`).join('\u0000')
  const cached = compiled.get(cacheKey)
  if (cached) return cached
  const raw = points.map((p) => unitsOf(p.text ?? ''))
  const documentFrequency = new Map<string, number>()
  for (const units of raw)
    for (const u of new Set(units.map((x) => x.id)))
      documentFrequency.set(u, (documentFrequency.get(u) ?? 0) + 1)
  const out = raw.map((units, i) => {
    const weighed = weigh(units, documentFrequency)
    const telling = weighed.filter(
      (u) => u.id.startsWith('@') && !u.common && !u.step && !NOT_KEY.has(u.id.slice(1)),
    )
    const key = telling.reduce<Unit | undefined>(
      (best, u) => (!best || u.weight > best.weight ? u : best),
      undefined,
    )
    return {
      units: weighed,
      total: weighed.reduce((sum, u) => sum + u.weight, 0),
      order: orderOf(points[i]!.text ?? ''),
      keyConcept: key ? key.id.slice(1) : null,
    }
  })
  if (compiled.size >= MAX_CACHED_CARDS) compiled.clear()
  compiled.set(cacheKey, out)
  return out
}
