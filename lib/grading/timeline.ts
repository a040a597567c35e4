// Order told by the clock and by numbers: "we fire the charge at 10:00:00.000 … at 10:00:00.020 we record
// the key", "at ten o'clock and twenty milliseconds the claim", "at four fifty", "step one … step two",
// "firstly … secondly". A step said at a time (or under a numbered step) happens then, whatever the order of
// the telling; order.ts asks here before it reads the order words.
import type { Answer } from './phrases'

/** A time or a numbered step said at tokens [first, last]; `value` in ms (times) or the step's number. */
interface Mark {
  first: number
  last: number
  value: number
  kind: 'time' | 'step'
}

const MS_UNITS = new Set(['ms', 'millisecond', 'milliseconds', 'millis', 'milli'])
const S_UNITS = new Set(['s', 'sec', 'secs', 'second', 'seconds'])
/** A number after these is a duration ("within twenty milliseconds"), not a time. */
const DURATION_BEFORE = new Set(['within', 'for', 'every', 'after', 'takes', 'took', 'in', 'of', 'than'])
const AT_WORDS = new Set(['at', 'by', 'around', 'about', 'until', 'till'])
const ORDINALS: Record<string, number> = { firstly: 1, secondly: 2, thirdly: 3, fourthly: 4, fifthly: 5 }
const ORDINAL_OPENERS: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5 }
const isDigits = (w: string | undefined) => w !== undefined && /^\d+$/.test(w)

/** A run like 10:00:00.020 (or .020, or 2.100) starting at token i: its ms and its last token. */
function clockAt(answer: Answer, i: number): [number, number] | undefined {
  const tokens = answer.tokens
  const gapBefore = answer.text.slice(Math.max(0, tokens[i]!.start - 2), tokens[i]!.start)
  const parts = [tokens[i]!.word]
  const gaps: string[] = []
  let j = i
  while (isDigits(tokens[j + 1]?.word)) {
    const gap = answer.text.slice(tokens[j]!.end, tokens[j + 1]!.start)
    if (gap !== ':' && gap !== '.' && gap.trim() !== '') break
    gaps.push(gap.trim() === '' ? ' ' : gap)
    parts.push(tokens[++j]!.word)
  }
  // Punctuation lost ("10 00 00 020"): a clock only when the digits' lengths say so.
  if (gaps.includes(' ')) {
    const lengths = parts.map((p) => p.length).join(',')
    if (!/^[12],2,2(,3)?$/.test(lengths)) return undefined
    gaps.splice(0, gaps.length, ...(parts.length === 4 ? [':', ':', '.'] : [':', ':']))
  }
  const fraction = (s: string) => Number(`${s}000`.slice(0, 3))
  if (gaps.length === 0)
    // ".020": a fraction of the second said alone.
    return /(^|\s)\.$/.test(gapBefore) && parts[0]!.length === 3 ? [fraction(parts[0]!), j] : undefined
  const nums = parts.map(Number)
  if (gaps.at(-1) === '.') {
    const ms = fraction(parts.at(-1)!)
    const [h = 0, m = 0, s = 0] = nums.slice(0, -1).length === 1 ? [0, 0, nums[0]] : nums.slice(0, -1)
    return [((h * 60 + m) * 60 + s) * 1000 + ms - (gaps.length >= 3 ? h * 3_600_000 : 0), j]
  }
  if (gaps.length >= 2) return [(nums[1]! * 60 + nums[2]!) * 1000, j]
  return undefined
}

function marksOf(answer: Answer): Mark[] {
  const tokens = answer.tokens
  const marks: Mark[] = []
  for (let i = 0; i < tokens.length; i++) {
    const w = tokens[i]!.word
    const previous = tokens[i - 1]?.word ?? ''
    const next = tokens[i + 1]?.word ?? ''
    if (w === 'oclock') marks.push({ first: i - 1, last: i, value: 0, kind: 'time' })
    else if (w === 'step' && isDigits(next))
      marks.push({ first: i, last: i + 1, value: Number(next), kind: 'step' })
    else if (w in ORDINALS) marks.push({ first: i, last: i, value: ORDINALS[w]!, kind: 'step' })
    else if (
      w in ORDINAL_OPENERS &&
      (i === 0 || tokens[i]!.sentence !== tokens[i - 1]!.sentence) &&
      tokens[i + 1]?.breakBefore
    )
      marks.push({ first: i, last: i, value: ORDINAL_OPENERS[w]!, kind: 'step' })
    else if (isDigits(w)) {
      const clock = clockAt(answer, i)
      if (clock) {
        marks.push({ first: i, last: clock[1], value: clock[0], kind: 'time' })
        i = clock[1]
        continue
      }
      if (DURATION_BEFORE.has(previous)) continue
      // "2 point 1 seconds"
      if (next === 'point' && isDigits(tokens[i + 2]?.word) && S_UNITS.has(tokens[i + 3]?.word ?? '')) {
        marks.push({
          first: i,
          last: i + 3,
          value: Number(`${w}.${tokens[i + 2]!.word}`) * 1000,
          kind: 'time',
        })
        i += 3
      } else if (MS_UNITS.has(next)) marks.push({ first: i, last: i + 1, value: Number(w), kind: 'time' })
      else if (S_UNITS.has(next)) marks.push({ first: i, last: i + 1, value: Number(w) * 1000, kind: 'time' })
      else if (AT_WORDS.has(previous) && Number(w) >= 100 && Number(w) < 10_000)
        // "at four fifty": milliseconds into the timeline.
        marks.push({ first: i, last: i, value: Number(w), kind: 'time' })
    }
  }
  return marks
}

/** How far a time reaches in a recognizer's run-on text. */
const TIME_REACH = 15

interface Timeline {
  times: Mark[]
  steps: Mark[]
}
const timelines = new WeakMap<Answer, Timeline>()

function timelineOf(answer: Answer): Timeline {
  let timeline = timelines.get(answer)
  if (!timeline) {
    const marks = marksOf(answer)
    timeline = {
      times: marks.filter((m) => m.kind === 'time'),
      steps: marks.filter((m) => m.kind === 'step'),
    }
    timelines.set(answer, timeline)
  }
  return timeline
}

/** No clause break (comma, dash) between tokens a < b. */
function oneClause(answer: Answer, a: number, b: number): boolean {
  for (let k = a + 1; k <= b; k++) if (answer.tokens[k]!.breakBefore) return false
  return true
}

/**
 * The time a step at token `at` is said to happen: a time in its own clause (before or after it, the
 * nearest), else the last time said before it in its sentence.
 */
function timeAt(answer: Answer, at: number): number | undefined {
  const { times } = timelineOf(answer)
  const sentence = answer.tokens[at]!.sentence
  let best: Mark | undefined
  let bestDistance = Number.POSITIVE_INFINITY
  let before: Mark | undefined
  for (const mark of times) {
    if (answer.tokens[mark.first]!.sentence !== sentence) continue
    const distance = mark.first > at ? mark.first - at : at - mark.last
    if (distance > TIME_REACH) continue
    const [a, b] = mark.first > at ? [at, mark.first] : [mark.last, at]
    if (oneClause(answer, a, b) && distance < bestDistance) {
      best = mark
      bestDistance = distance
    }
    if (mark.last < at) before = mark
  }
  return (best ?? before)?.value
}

/** The numbered step a token is told under: the last one said before it. */
function stepAt(answer: Answer, at: number): number | undefined {
  let step: number | undefined
  for (const mark of timelineOf(answer).steps) if (mark.first <= at) step = mark.value
  return step
}

/**
 * Which of two tokens' steps happens first by the clock or by the numbering: true when `a`'s comes first,
 * false when `b`'s does, undefined when neither says.
 */
export function clockOrder(answer: Answer, a: number, b: number): boolean | undefined {
  const ta = timeAt(answer, a)
  const tb = timeAt(answer, b)
  if (ta !== undefined && tb !== undefined && ta !== tb) return ta < tb
  const sa = stepAt(answer, a)
  const sb = stepAt(answer, b)
  if (sa !== undefined && sb !== undefined && sa !== sb) return sa < sb
  return undefined
}
