// An answer as tokens that remember where they came from: lower-cased, contractions opened ("don't" →
// do not), numbers said in words turned into digits ("four twenty two" → 422, "twenty four" → 24,
// "zero two zero" → 020) and every word reduced to a stem, so "stored", "storing" and "stores" are one.
// Each token keeps the answer's offsets, so evidence quotes the answer exactly as it was written.

import { DURATION_UNITS, SLIPS, STATUS_CODES_SAID_WITH_FOR } from './thesaurus'

export interface Token {
  /** The word as matched (lower case; a number in digits). */
  word: string
  stem: string
  start: number
  end: number
  sentence: number
  /** Punctuation (comma, colon, dash…) between the previous token and this one. */
  breakBefore: boolean
}

const WORD = /[\p{L}\p{N}]+(?:['’]\p{L}+)?/gu
const SENTENCE_END = /[.!?;:\n]/
const CLAUSE_BREAK = /[,()—–"]|\s-\s/

const CONTRACTIONS: Record<string, string[]> = {
  "don't": ['do', 'not'],
  dont: ['do', 'not'],
  "doesn't": ['does', 'not'],
  doesnt: ['does', 'not'],
  "didn't": ['did', 'not'],
  didnt: ['did', 'not'],
  "can't": ['can', 'not'],
  cant: ['can', 'not'],
  cannot: ['can', 'not'],
  "won't": ['will', 'not'],
  wont: ['will', 'not'],
  "isn't": ['is', 'not'],
  isnt: ['is', 'not'],
  "aren't": ['are', 'not'],
  arent: ['are', 'not'],
  "wasn't": ['was', 'not'],
  "shouldn't": ['should', 'not'],
  shouldnt: ['should', 'not'],
  "mustn't": ['must', 'not'],
  "wouldn't": ['would', 'not'],
  wouldnt: ['would', 'not'],
  "couldn't": ['could', 'not'],
  "haven't": ['have', 'not'],
  "hasn't": ['has', 'not'],
  "there's": ['there', 'is'],
  "it's": ['it', 'is'],
  "that's": ['that', 'is'],
  "we'd": ['we', 'would'],
  "i'd": ['i', 'would'],
  "we'll": ['we', 'will'],
  "we're": ['we', 'are'],
  "o'clock": ['oclock'],
}

const UNITS: Record<string, number> = {
  zero: 0,
  oh: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
}
const TEENS: Record<string, number> = {
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
}
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
}
const SCALES: Record<string, number> = { hundred: 100, thousand: 1000 }

const isNumberWord = (w: string) => w in UNITS || w in TEENS || w in TENS || w in SCALES

/** Stems: crude suffix stripping, the same for rubric and answer (consistency matters, not linguistics). */
/** Irregular verb forms, so "wrote the key" is "write the key" (the rules below handle the regular ones). */
const IRREGULAR: Record<string, string> = {
  wrote: 'write',
  written: 'write',
  took: 'take',
  taken: 'take',
  sent: 'send',
  paid: 'pay',
  made: 'make',
  kept: 'keep',
  held: 'hold',
  gave: 'give',
  given: 'give',
  ran: 'run',
  went: 'go',
  gone: 'go',
  brought: 'bring',
  found: 'find',
  began: 'begin',
  begun: 'begin',
  chose: 'choose',
  chosen: 'choose',
  threw: 'throw',
  thrown: 'throw',
  rang: 'ring',
  rung: 'ring',
  froze: 'freeze',
  frozen: 'freeze',
}

export function stem(word: string): string {
  let w = IRREGULAR[word] ?? word
  if (w.length <= 3 || /^\d/.test(w)) return w
  if (/ies$|ied$/.test(w) && w.length > 4) w = `${w.slice(0, -3)}y`
  else if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3)
  else if (w.endsWith('ed') && w.length >= 4) w = w.slice(0, -2)
  else if (/(s|x|z|ch|sh)es$/.test(w)) w = w.slice(0, -2)
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1)
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1)
  if (w.length > 2 && w.at(-1) === w.at(-2) && !/[aeious]/.test(w.at(-1)!)) w = w.slice(0, -1)
  return w
}

interface RawWord {
  word: string
  start: number
  end: number
  sentence: number
  breakBefore: boolean
}

function rawWords(text: string): RawWord[] {
  const out: RawWord[] = []
  let sentence = 0
  let last = 0
  for (const match of text.matchAll(WORD)) {
    const start = match.index
    const gap = text.slice(last, start)
    // A full stop inside a number ("10:00:00.020", "2.5") or opening one ("at .020") is no sentence end.
    const inNumber =
      /^\d/.test(match[0]) && ((/^[.:]$/.test(gap) && /\d/.test(text[last - 1] ?? '')) || /\s\.$/.test(gap))
    if (out.length > 0 && SENTENCE_END.test(gap) && !inNumber) sentence++
    const breakBefore = CLAUSE_BREAK.test(gap) && !inNumber
    const lower = match[0].toLowerCase().replace('’', "'")
    const parts = CONTRACTIONS[lower] ?? [lower.replace(/'s$/, '').replace(/'/g, '')]
    parts.forEach((word, i) => {
      out.push({ word, start, end: start + match[0].length, sentence, breakBefore: i === 0 && breakBefore })
    })
    last = start + match[0].length
  }
  return out
}

/** The value of a run of number words read as chunks ("four" "twenty two" → "422"); undefined if none. */
function numberOf(words: readonly string[]): string | undefined {
  if (words.length === 0) return undefined
  if (words.length > 1 && words.every((w) => w in UNITS)) return words.map((w) => UNITS[w]).join('')
  const chunks: number[] = []
  let current: number | undefined
  let lastKind: 'unit' | 'teen' | 'tens' | 'scale' | undefined
  for (const w of words) {
    if (w in SCALES) {
      current = (current ?? 1) * SCALES[w]!
      lastKind = 'scale'
    } else if (w in TENS) {
      if (current !== undefined && lastKind !== 'scale') {
        chunks.push(current)
        current = undefined
      }
      current = (current ?? 0) + TENS[w]!
      lastKind = 'tens'
    } else if (w in TEENS) {
      if (current !== undefined && lastKind !== 'scale') {
        chunks.push(current)
        current = undefined
      }
      current = (current ?? 0) + TEENS[w]!
      lastKind = 'teen'
    } else {
      const unit = UNITS[w]!
      if (current !== undefined && (lastKind === 'tens' || lastKind === 'scale') && current % 10 === 0)
        current += unit
      else {
        if (current !== undefined) chunks.push(current)
        current = unit
      }
      lastKind = 'unit'
    }
  }
  if (current !== undefined) chunks.push(current)
  // "four oh nine": a zero chunk inside is written as one digit.
  return chunks.map(String).join('')
}

/** Folds runs of number words into one digit token spanning them ("and" may sit after "hundred"). */
function foldNumbers(words: RawWord[]): RawWord[] {
  const out: RawWord[] = []
  let i = 0
  while (i < words.length) {
    const first = words[i]!
    // "oh" alone stays a word: only inside a run of numbers ("four oh nine") is it a zero.
    if (!isNumberWord(first.word) || (first.word === 'oh' && !isNumberWord(words[i + 1]?.word ?? ''))) {
      out.push(first)
      i++
      continue
    }
    let j = i
    const run: string[] = []
    while (j < words.length) {
      const w = words[j]!
      if (j > i && (w.sentence !== first.sentence || w.breakBefore)) break
      if (isNumberWord(w.word)) {
        run.push(w.word)
        j++
      } else if (
        w.word === 'and' &&
        words[j - 1]?.word === 'hundred' &&
        isNumberWord(words[j + 1]?.word ?? '')
      )
        j++
      else break
    }
    const last = words[j - 1]!
    out.push({ ...first, word: numberOf(run) ?? first.word, end: last.end })
    i = j
  }
  return out
}

/** A slip's heard words, split once. */
const SLIP_WORDS = SLIPS.map((slip) => ({
  ...slip,
  words: slip.heard.split(' '),
  meantWords: slip.meant.split(' '),
}))

/**
 * A recognizer's slips put right ("item potency" → idempotency): the heard words, standing together in one
 * clause, become the meant words, spanning the same text.
 */
function mendSlips(words: RawWord[]): RawWord[] {
  const out: RawWord[] = []
  let i = 0
  outer: while (i < words.length) {
    for (const slip of SLIP_WORDS) {
      const n = slip.words.length
      if (words[i]!.word !== slip.words[0]) continue
      let ok = true
      for (let k = 1; k < n; k++) {
        const w = words[i + k]
        if (!w || w.word !== slip.words[k] || w.sentence !== words[i]!.sentence || w.breakBefore) ok = false
      }
      if (!ok || slip.unlessNext?.includes(words[i + n]?.word ?? '')) continue
      const first = words[i]!
      const last = words[i + n - 1]!
      for (const [k, meant] of slip.meantWords.entries())
        out.push({ ...first, word: meant, end: last.end, breakBefore: k === 0 && first.breakBefore })
      i += n
      continue outer
    }
    out.push(words[i]!)
    i++
  }
  return out
}

/** "for twenty two" said for "four twenty two": a status code, not a duration ("for twenty four hours"). */
function mendFor(words: RawWord[]): RawWord[] {
  return words.map((w, i) => {
    const next = words[i + 1]
    if (w.word !== 'for' || !next || !isNumberWord(next.word) || next.breakBefore) return w
    let j = i + 1
    const run: string[] = []
    while (j < words.length && isNumberWord(words[j]!.word) && !(j > i + 1 && words[j]!.breakBefore))
      run.push(words[j++]!.word)
    const value = numberOf(['four', ...run])
    if (!value || !STATUS_CODES_SAID_WITH_FOR.has(value) || DURATION_UNITS.has(words[j]?.word ?? '')) return w
    return { ...w, word: 'four' }
  })
}

export function tokenize(text: string): Token[] {
  return foldNumbers(mendFor(mendSlips(rawWords(text)))).map((w) => ({ ...w, stem: stem(w.word) }))
}
