// POST /api/review/grade — the grade action over HTTP (for scripts and retries):
// 201 first record, 200 replay of the same attempt, 400/404/409/422 problem+json.
import { problem, problemResponse } from '@/lib/problem'
import { submitGrade } from '@/lib/srs/submit-grade'

export async function POST(request: Request): Promise<Response> {
  let body: unknown
  try {
    body = await request.json()
  } catch {
    return problemResponse(
      problem('invalid-json', 'Invalid JSON', 400, 'The request body is not valid JSON.'),
    )
  }
  const result = await submitGrade(body)
  switch (result.kind) {
    case 'invalid': {
      const detail = result.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')
      return problemResponse(problem('invalid-grade', 'Invalid grade', 400, detail))
    }
    case 'graded':
    case 'replayed':
      return Response.json(
        {
          logId: result.logId,
          rating: result.rating,
          due: new Date(result.dueMs).toISOString(),
          replayed: result.kind === 'replayed',
        },
        { status: result.kind === 'graded' ? 201 : 200 },
      )
    case 'card-not-found':
      return problemResponse(
        problem(
          'card-not-found',
          'Card not found',
          404,
          `No card has id "${result.cardId}". Nothing was recorded.`,
        ),
      )
    case 'not-due':
      return problemResponse(
        problem(
          'card-not-due',
          'Card not due',
          409,
          'That card is not due in this study day. Nothing was recorded.',
          {
            due: result.dueMs === null ? null : new Date(result.dueMs).toISOString(),
          },
        ),
      )
    case 'token-reused':
      return problemResponse(
        problem(
          'attempt-token-reused',
          'Attempt token reused',
          422,
          'This attempt token already recorded a different grade. Nothing was recorded.',
        ),
      )
  }
}
