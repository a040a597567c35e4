// What the hands-free loop says after an answer, in one or two sentences: a contradiction first (the
// wrong design is the thing to hear), then how many points were made and the missed ones by their short
// names, then the suggested grade and how to say it. Pure: the review page speaks what this returns.
import { type GradeRating, RATING_NAMES } from '@/lib/srs/rubric'

export interface SpokenPoint {
  id: string
  critical: boolean
}

export interface SpokenVerdict {
  heard: boolean
  contradiction: { text: string } | null
}

/** A point's short name, said aloud: its id's words ("claim-before-effect" → "claim before effect"). */
export function shortNameOf(pointId: string): string {
  return pointId.replace(/[-_]+/g, ' ').trim()
}

function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

export function feedbackSentences({
  points,
  verdicts,
  ticked,
  suggested,
}: {
  points: readonly SpokenPoint[]
  verdicts: ReadonlyMap<string, SpokenVerdict>
  ticked: ReadonlySet<string>
  suggested: GradeRating
}): string {
  const parts: string[] = []
  const contradicted = points.find((point) => verdicts.get(point.id)?.contradiction)
  if (contradicted) parts.push(withStop(verdicts.get(contradicted.id)!.contradiction!.text))
  const missed = points.filter((point) => !ticked.has(point.id))
  const made = points.length - missed.length
  if (points.length > 0) {
    const count = `You made ${made} of ${points.length} points.`
    parts.push(
      missed.length === 0
        ? `${count} Nothing missed.`
        : `${count} Missed: ${listOf(missed.map((p) => shortNameOf(p.id)))}.`,
    )
  }
  parts.push(`Suggested grade: ${RATING_NAMES[suggested]}, say ${NUMBER_WORDS[suggested]}.`)
  return parts.join(' ')
}

const NUMBER_WORDS: Record<GradeRating, string> = { 1: 'one', 2: 'two', 3: 'three', 4: 'four' }

function withStop(sentence: string): string {
  const trimmed = sentence.trim()
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`
}

/** What the loop says once a grade is recorded. */
export function confirmationOf(rating: GradeRating): string {
  return `Saved: ${RATING_NAMES[rating]}.`
}

/** Asked when the grade word was not understood: never guessed. */
export const ASK_AGAIN =
  'Sorry, I did not catch that. Say one, two, three or four, or again, hard, good or easy; or repeat, answer, skip or stop.'
export const ASK_GRADE = 'Your grade? Say one or again, two or hard, three or good, four or easy.'
