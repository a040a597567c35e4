// A point with no way to be made written for it (no rubric, or a rubric of wrong designs only) is heard from
// its own words: enough of what its text says (weighed: point-words.ts), said close together, with the same
// polarity ("never calls the provider" is heard in "the duplicate doesn't touch the PSP"). Where the text
// orders two steps ("committed before the provider is called"), the answer saying them the other way round
// contradicts the point; both are checked first. A cue said exactly still hears a point (a learner's own card
// is heard so).

import type { Reading } from './judge'
import { type Occurrence, occurrencesOf } from './occurrences'
import { saidBefore } from './order'
import { patternsOf } from './phrases'
import type { PointWords, StepOrder, Unit } from './point-words'
import { THESAURUS, type ThesaurusEntry } from './thesaurus'
import type { EvidenceSpan, GradablePoint, PointVerdict } from './types'

/** Words within which a point's units must be said together. */
const WINDOW = 40
/** The share of a point's weighed units an answer must say. */
export const HEARD_SHARE = 0.3
/** A point heard from its text needs this many of its units, at least. */
const MIN_UNITS = 2

const entries = Object.entries(THESAURUS) as [string, ThesaurusEntry][]
/** Every step of a family (thesaurus.ts) as one concept: "store", "insert", "claim", "reserve"… */
const FAMILY: Record<string, readonly string[]> = {}
for (const [, entry] of entries)
  if (entry.step) FAMILY[entry.step] = [...(FAMILY[entry.step] ?? []), ...entry.say]
const sayOf = (name: string) => (THESAURUS as Record<string, ThesaurusEntry>)[name]?.say ?? []
const objectConcepts = new Map<string, readonly string[]>()
const objectsConcept = (names: readonly string[]) => {
  const key = names.join(' ')
  let concept = objectConcepts.get(key)
  if (!concept) {
    concept = names.flatMap(sayOf)
    objectConcepts.set(key, concept)
  }
  return concept
}

const usable = (o: Occurrence) => !o.negated && !o.hypothetical
const within = (a: Occurrence, b: Occurrence, n: number) => Math.abs(a.first - b.first) <= n

/** The answer says the point's two steps the other way round: the occurrences that say so. */
function reversed(reading: Reading, order: StepOrder): Occurrence[] | undefined {
  const { answer } = reading
  const objects =
    order.objects.length > 0 ? occurrencesOf(answer, objectsConcept(order.objects), reading) : []
  const responses = order.objects.includes('response')
    ? []
    : occurrencesOf(answer, sayOf('response'), reading)
  const firsts = occurrencesOf(answer, FAMILY[order.first]!, reading).filter(
    (o) =>
      (order.objects.length === 0 || objects.some((x) => within(o, x, 4))) &&
      !responses.some((r) => r.first > o.first && r.first - o.last <= 4),
  )
  const thens = occurrencesOf(answer, FAMILY[order.then]!, reading).filter(usable)
  const pair = saidBefore(answer, thens, firsts)
  return pair && [pair[0], pair[1]]
}

function cueOccurrences(reading: Reading, cues: readonly string[]): Occurrence[] {
  if (cues.length === 0) return []
  return occurrencesOf(reading.answer, cues.map(String), reading).filter(
    (o) => usable(o) && cues.some((cue) => patternsOf(cue).some((p) => p.length === o.last - o.first + 1)),
  )
}

function spansOf(reading: Reading, used: readonly Occurrence[]): EvidenceSpan[] {
  return [...used]
    .sort((a, b) => a.first - b.first)
    .filter((o, i, all) => i === 0 || o.first > all[i - 1]!.last)
    .map((o) => reading.answer.span(o.first, o.last))
}

/** The best window of the answer: the units said in it (with their weight) and one occurrence of each. */
function bestWindow(hits: readonly { unit: Unit; at: Occurrence }[]): { weight: number; used: typeof hits } {
  const sorted = [...hits].sort((a, b) => a.at.first - b.at.first)
  let best = { weight: 0, used: [] as typeof hits }
  for (let i = 0; i < sorted.length; i++) {
    const seen = new Map<string, (typeof hits)[number]>()
    for (let j = i; j < sorted.length && sorted[j]!.at.first - sorted[i]!.at.first <= WINDOW; j++)
      if (!seen.has(sorted[j]!.unit.id)) seen.set(sorted[j]!.unit.id, sorted[j]!)
    const weight = [...seen.values()].reduce((sum, h) => sum + h.unit.weight, 0)
    if (weight > best.weight) best = { weight, used: [...seen.values()] }
  }
  return best
}

export function judgeFromText(
  reading: Reading,
  point: GradablePoint,
  words: PointWords,
  share = HEARD_SHARE,
): PointVerdict {
  const id = point.id
  if (words.order) {
    const wrong = reversed(reading, words.order)
    if (wrong)
      return {
        id,
        heard: false,
        evidence: spansOf(reading, wrong),
        contradiction: {
          text: `Said the other way round: ${point.text ?? 'the point orders these steps'}`,
          flaw: null,
        },
      }
  }
  const cues = cueOccurrences(reading, point.cues ?? [])
  // A cue said exactly hears the point (wrong designs and a reversed order were checked first).
  if (cues.length > 0) return { id, heard: true, evidence: spansOf(reading, cues), contradiction: null }
  const hits = words.units.flatMap((unit) =>
    occurrencesOf(reading.answer, unit.concept, reading)
      .filter((o) => o.negated === unit.negated && !(point.critical && o.hypothetical))
      .map((at) => ({ unit, at })),
  )
  const { weight, used } = bestWindow(hits)
  const enough = used.length >= Math.min(MIN_UNITS, words.units.length)
  if (words.total > 0 && enough && weight >= share * words.total)
    return {
      id,
      heard: true,
      evidence: spansOf(
        reading,
        used.map((h) => h.at),
      ),
      contradiction: null,
    }
  return { id, heard: false, evidence: [], contradiction: null }
}
