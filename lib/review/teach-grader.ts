// "Teach the grader": after Show answer, a learner who ticked a point the grader did not hear selects
// the words of their answer that made it and presses "This is where I said it". The phrase is stored
// for that learner with the point's key concept (lib/grading keyConceptOf), so from then on the grader
// hears it for that point and for any card's point sharing the concept — on /review (the phrases travel
// with the day's cards) and in POST /api/grade/suggest. Wrong designs are checked before a taught
// phrase (lib/grading), so teaching never makes a critical point heard inside a wrong design.
import { z } from 'zod'
import { type TaughtPhraseRecord, taughtPhraseQueries } from '@/db/queries/taught-phrases'
import type { Db } from '@/db/sql/db'
import type { DeckRegistry, ReviewPoint } from '@/lib/decks'
import { keyConceptOf, MAX_TAUGHT_CHARS, type TaughtPhrase } from '@/lib/grading'
import { gradablePointsOf, MAX_ANSWER_CHARS } from './suggest-grade'

/** Phrases kept per learner: far more than a year of teaching, and a bound on what one learner stores. */
export const MAX_TAUGHT_PHRASES = 500

export const teachRequestSchema = z.strictObject({
  cardId: z.string().min(1).max(200),
  pointId: z.string().min(1).max(200),
  /** The words selected in the answer, exactly as they stand in it. */
  phrase: z.string().max(MAX_ANSWER_CHARS),
  /** The answer the words were selected in (typed text or transcript, as graded). */
  answer: z.string().max(MAX_ANSWER_CHARS),
})
export type TeachRequest = z.output<typeof teachRequestSchema>

export type TeachResult =
  | { kind: 'taught'; taught: TaughtPhrase }
  | { kind: 'invalid'; field: 'phrase' | 'cardId' | 'pointId'; message: string }
  | { kind: 'too-many' }

/** Why a selected phrase cannot be taught (null: it can), before any card is read. */
export function phraseProblem(phrase: string, answer: string): string | null {
  const words = phrase.trim()
  if (!/[\p{L}\p{N}]/u.test(words)) return 'Select the words in your answer that made the point first.'
  if (words.length > MAX_TAUGHT_CHARS)
    return `Select at most ${MAX_TAUGHT_CHARS} characters: the few words that made the point.`
  if (!answer.includes(words)) return 'Those words are not in your answer; select them in the answer text.'
  return null
}

export async function teachGrader(
  db: Db,
  decks: DeckRegistry,
  { learnerId, nowMs }: { learnerId: string; nowMs: number },
  { cardId, pointId, phrase, answer }: TeachRequest,
): Promise<TeachResult> {
  const problem = phraseProblem(phrase, answer)
  if (problem) return { kind: 'invalid', field: 'phrase', message: problem }
  const card = await decks.reviewCardById(db, learnerId, cardId)
  if (!card) return { kind: 'invalid', field: 'cardId', message: `You have no card with id "${cardId}".` }
  const points = gradablePointsOf(card.points)
  if (!points.some((p) => p.id === pointId))
    return { kind: 'invalid', field: 'pointId', message: `The card has no point "${pointId}".` }
  const queries = taughtPhraseQueries(db)
  if ((await queries.listTaughtPhrasesByLearnerId({ learnerId })).length >= MAX_TAUGHT_PHRASES)
    return { kind: 'too-many' }
  const taught = { cardId: card.id, pointId, phrase: phrase.trim(), concept: keyConceptOf(points, pointId) }
  await queries.insertTaughtPhrase({ learnerId, ...taught, createdAtMs: nowMs })
  return { kind: 'taught', taught }
}

/** The learner's phrases as the grader takes them. */
export async function taughtPhrasesOf(db: Db, learnerId: string): Promise<TaughtPhrase[]> {
  const rows = await taughtPhraseQueries(db).listTaughtPhrasesByLearnerId({ learnerId })
  return rows.map(({ cardId, pointId, phrase, concept }) => ({ cardId, pointId, phrase, concept }))
}

/**
 * The phrases that may hear one of this card's points (taught for it, or for a point sharing a key
 * concept with one of them): what the day's data carries for the card, so the browser grades offline.
 */
export function taughtForCard(
  cardId: string,
  points: readonly ReviewPoint[],
  taught: readonly TaughtPhrase[],
): TaughtPhrase[] {
  if (taught.length === 0 || points.length === 0) return []
  const gradable = gradablePointsOf(points)
  const concepts = new Set(gradable.map((p) => keyConceptOf(gradable, p.id)).filter((c) => c !== null))
  return taught.filter((t) => t.cardId === cardId || (t.concept != null && concepts.has(t.concept)))
}

/** Removes one phrase (/settings); false when the learner had no such phrase. */
export async function forgetTaughtPhrase(
  db: Db,
  learnerId: string,
  phrase: Pick<TaughtPhraseRecord, 'cardId' | 'pointId' | 'phrase'>,
): Promise<boolean> {
  return taughtPhraseQueries(db).deleteTaughtPhrase({ learnerId, ...phrase })
}

/** A taught phrase as /settings lists it: with its card's title and its point's text. */
export interface TaughtPhraseView {
  cardId: string
  pointId: string
  phrase: string
  /** The card's title, or its id when the learner no longer has it (a deleted own card). */
  cardTitle: string
  /** The point's text, or its id when the card no longer has it. */
  pointText: string
}

export async function taughtPhraseViews(
  db: Db,
  decks: DeckRegistry,
  learnerId: string,
): Promise<TaughtPhraseView[]> {
  const taught = await taughtPhrasesOf(db, learnerId)
  const cardIds = [...new Set(taught.map((t) => t.cardId))]
  const cards = new Map(
    await Promise.all(
      cardIds.map(async (id) => [id, await decks.reviewCardById(db, learnerId, id)] as const),
    ),
  )
  return taught.map(({ cardId, pointId, phrase }) => {
    const card = cards.get(cardId)
    return {
      cardId,
      pointId,
      phrase,
      cardTitle: card?.title ?? cardId,
      pointText: card?.points.find((p) => p.id === pointId)?.text ?? pointId,
    }
  })
}
