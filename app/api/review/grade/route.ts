// POST /api/review/grade — the grade action over HTTP (for scripts and retries):
// 201 first record, 200 replay of the same attempt, 400/403/404/409/415/422/429 problem+json.
import { API_BODY_BYTES } from '@/lib/http/body'
import { issueText } from '@/lib/http/issues'
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { submitGrade } from '@/lib/review/submit-grade'

export const dynamic = 'force-dynamic'

// No `limit` and no `schema` here: submitGrade takes the grade limit (shared with the
// review page's action, once per grade) and then checks the grade itself.
export const POST = route({ sameOrigin: true, body: { json: API_BODY_BYTES } }, async ({ body }) => {
  const result = await submitGrade(body)
  switch (result.kind) {
    case 'rate-limited':
      return result.response
    case 'invalid':
      return problemResponse('invalid-grade', issueText(result.issues))
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
      return problemResponse('card-not-found', `No card has id "${result.cardId}". Nothing was recorded.`)
    case 'not-due':
      return problemResponse(
        'card-not-due',
        'That card is not due in this study day. Nothing was recorded.',
        {
          extra: { due: result.dueMs === null ? null : new Date(result.dueMs).toISOString() },
        },
      )
    case 'token-reused':
      return problemResponse(
        'attempt-token-reused',
        'This attempt token already recorded a different grade. Nothing was recorded.',
      )
  }
})
