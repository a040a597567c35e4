// The recall grader: which of a card's points an answer (typed, or a speech recognizer's transcript)
// makes, with the words that made each one, and which it contradicts, with the sandbox flaw that shows the
// wrong design failing. Pure: no I/O, no clock, the same code in the browser and on the server.
// The learner has the last word: this only pre-ticks boxes they confirm.
import { Rating, suggestRating } from '@/lib/srs/rubric'
import { judgePoint, readingOf } from './judge'
import { Answer } from './phrases'
import { pointWordsOf } from './point-words'
import { taughtEvidence, teaches } from './taught'
import type { GradablePoint, GradeOptions, GradeSuggestion, SuggestedRating } from './types'

export { MAX_TAUGHT_CHARS } from './taught'
export type {
  Concept,
  Contradiction,
  EvidenceSpan,
  FlawId,
  GradablePoint,
  GradeOptions,
  GradeSuggestion,
  Phrase,
  PointRubric,
  PointVerdict,
  Requirement,
  SuggestedRating,
  TaughtPhrase,
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
export function suggestGrade(
  points: readonly GradablePoint[],
  answerText: string,
  options: GradeOptions = {},
): GradeSuggestion {
  const reading = readingOf(new Answer(answerText))
  const taught = options.taught ?? []
  // Points with no ways written for them are heard from their text, weighed against their siblings.
  const words = points.some((p) => !p.rubric?.heard) || taught.length > 0 ? pointWordsOf(points) : undefined
  const verdicts = points.map((point, i) => {
    const verdict = judgePoint(reading, point, words?.[i])
    if (verdict.heard || verdict.contradiction || taught.length === 0) return verdict
    // Wrong designs were checked first: a taught phrase only hears a point nothing contradicts.
    const mine = taught.filter((t) => teaches(t, options.cardId, point, words?.[i]?.keyConcept ?? null))
    const evidence = mine.length > 0 ? taughtEvidence(reading, mine) : []
    return evidence.length > 0 ? { ...verdict, heard: true, evidence } : verdict
  })
  const heard = new Set(verdicts.filter((v) => v.heard).map((v) => v.id))
  return { points: verdicts, suggestedRating: RATING_NAME[suggestRating(points, heard)]! }
}

/**
 * The key concept of a card's point (its most telling thesaurus entry, or null): store it with a phrase
 * taught for that point, so the phrase also hears other cards' points that share it.
 */
export function keyConceptOf(points: readonly GradablePoint[], pointId: string): string | null {
  const i = points.findIndex((p) => p.id === pointId)
  return i < 0 ? null : (pointWordsOf(points)[i]?.keyConcept ?? null)
}
