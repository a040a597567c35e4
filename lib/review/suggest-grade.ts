// One grade suggestion as POST /api/grade/suggest asks for it: the card the learner has
// (built-in, drill or own: resolved through the deck registry like a grade), then the
// grader over the answer text — the same `suggestGrade` the review page runs in the
// browser, over the same points and the learner's taught phrases (teach-grader.ts), so both
// say the same. Reads one card and the learner's phrases, stores nothing.
import { taughtPhraseQueries } from '@/db/queries/taught-phrases'
import type { Db } from '@/db/sql/db'
import type { DeckRegistry, ReviewPoint } from '@/lib/decks'
import { type GradeSuggestion, suggestGrade } from '@/lib/grading'

/** The longest answer graded: a ten-minute answer spoken fast is about 2,000 words (~12,000 characters). */
export const MAX_ANSWER_CHARS = 20_000

export interface SuggestGradeRequest {
  cardId: string
  /** The typed answer, the transcript, or both (the review page joins them with a line break). */
  text: string
}

export type SuggestGradeResult =
  | ({ kind: 'suggested'; cardId: string } & GradeSuggestion)
  | { kind: 'no-text' }
  | { kind: 'text-too-long'; chars: number }
  | { kind: 'card-not-found'; cardId: string }

/** Characters as a reader counts them (code points), so an emoji is one, not two. */
export function answerChars(text: string): number {
  // Every code point is one or two UTF-16 units: below the cap in units is below it in code points.
  if (text.length <= MAX_ANSWER_CHARS) return text.length
  let chars = 0
  for (const _ of text) chars++
  return chars
}

export async function suggestGradeFor(
  db: Db,
  decks: DeckRegistry,
  learnerId: string,
  { cardId, text }: SuggestGradeRequest,
): Promise<SuggestGradeResult> {
  // The text first: a refusal that needs no database read.
  if (text.trim() === '') return { kind: 'no-text' }
  const chars = answerChars(text)
  if (chars > MAX_ANSWER_CHARS) return { kind: 'text-too-long', chars }
  const card = await decks.reviewCardById(db, learnerId, cardId)
  if (!card) return { kind: 'card-not-found', cardId }
  const taught = (await taughtPhraseQueries(db).listTaughtPhrasesByLearnerId({ learnerId })).map(
    ({ cardId, pointId, phrase, concept }) => ({ cardId, pointId, phrase, concept }),
  )
  const suggestion = suggestGrade(gradablePointsOf(card.points), text, { cardId: card.id, taught })
  return { kind: 'suggested', cardId: card.id, ...suggestion }
}

/**
 * A card's points as the grader takes them, here and on the review page (which hands the same
 * list to the browser): one mapping, so the page and this route hear an answer alike.
 */
export function gradablePointsOf<Point extends ReviewPoint>(
  points: readonly Point[],
): (Point & { cues: readonly string[] })[] {
  return points.map((point) => ({ ...point, cues: point.cues ?? [] }))
}
