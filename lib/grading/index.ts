// The recall grader: which of a card's points an answer (typed, or a speech recognizer's transcript)
// makes, with the words that made each one, and which it contradicts, with the sandbox flaw that shows the
// wrong design failing. Pure: no I/O, no clock, the same code in the browser and on the server.
// The learner has the last word: this only pre-ticks boxes they confirm.
import { Rating, suggestRating } from '@/lib/srs/rubric'
import { judgePoint, readingOf } from './judge'
import { Answer } from './phrases'
import { pointWordsOf } from './point-words'
import type { GradablePoint, GradeSuggestion, SuggestedRating } from './types'

export type {
  Concept,
  Contradiction,
  EvidenceSpan,
  FlawId,
  GradablePoint,
  GradeSuggestion,
  Phrase,
  PointRubric,
  PointVerdict,
  Requirement,
  SuggestedRating,
  WrongDesign,
} from './types'
export { FLAW_IDS } from './types'

const RATING_NAME: Record<number, SuggestedRating> = {
  [Rating.Again]: 'again',
  [Rating.Hard]: 'hard',
  [Rating.Good]: 'good',
  [Rating.Easy]: 'easy',
}

/**
 * Each point heard or not (with evidence), contradicted or not, and the rating the review page would
 * suggest for the heard points: a critical point missed or contradicted → again.
 */
export function suggestGrade(points: readonly GradablePoint[], answerText: string): GradeSuggestion {
  const reading = readingOf(new Answer(answerText))
  // Points with no ways written for them are heard from their text, weighed against their siblings.
  const words = points.some((p) => !p.rubric?.heard) ? pointWordsOf(points) : undefined
  const verdicts = points.map((point, i) => judgePoint(reading, point, words?.[i]))
  const heard = new Set(verdicts.filter((v) => v.heard).map((v) => v.id))
  return { points: verdicts, suggestedRating: RATING_NAME[suggestRating(points, heard)]! }
}
