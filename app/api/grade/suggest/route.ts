// POST /api/grade/suggest {cardId, text} — what the grader hears in an answer to one of the
// learner's cards: 200 {cardId, points: [{id, heard, evidence, contradiction}], suggestedRating},
// the same verdicts the review page shows after Show answer (it runs the same grader in the
// browser). Stores nothing. 400 no text / broken JSON, 404 unknown card, 413 over 20,000
// characters (or a body over 128 KiB), 415, 429 (the gradeSuggest limit): problem+json.
import { z } from 'zod'
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { studyDecks } from '@/lib/review'
import { MAX_ANSWER_CHARS, suggestGradeFor } from '@/lib/review/suggest-grade'
import { study } from '@/lib/study-context'

export const dynamic = 'force-dynamic'

/** 20,000 characters of any script, JSON-escaped, with room to spare; the text's own cap is checked after. */
const SUGGEST_BODY_BYTES = 128 * 1024

const suggestRequestSchema = z.strictObject({
  cardId: z.string().min(1).max(200),
  text: z.string({ error: 'send the answer as a string' }),
})

export const POST = route(
  {
    limit: { name: 'gradeSuggest' },
    body: { json: SUGGEST_BODY_BYTES },
    schema: suggestRequestSchema,
    invalid: 'invalid-grade-suggestion',
    study: study.read,
  },
  async ({ body, db, learnerId }) => {
    const result = await suggestGradeFor(db, await studyDecks(), learnerId, body)
    switch (result.kind) {
      case 'no-text':
        return problemResponse('invalid-grade-suggestion', 'body.text: the answer is empty; say or type one.')
      case 'text-too-long':
        return problemResponse(
          'body-too-large',
          `The answer is ${result.chars} characters long; at most ${MAX_ANSWER_CHARS} are graded.`,
          { extra: { limitChars: MAX_ANSWER_CHARS } },
        )
      case 'card-not-found':
        return problemResponse('card-not-found', `You have no card with id "${result.cardId}".`)
      case 'suggested': {
        // Exactly the documented fields, whatever else the grader keeps on its verdicts.
        const points = result.points.map(({ id, heard, evidence, contradiction }) => ({
          id,
          heard,
          evidence: evidence.map(({ start, end, text }) => ({ start, end, text })),
          contradiction: contradiction && { text: contradiction.text, flaw: contradiction.flaw },
        }))
        return Response.json(
          { cardId: result.cardId, points, suggestedRating: result.suggestedRating },
          { headers: { 'cache-control': 'no-store' } },
        )
      }
    }
  },
)
