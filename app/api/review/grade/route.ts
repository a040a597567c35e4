// POST /api/review/grade — the grade action over HTTP (for scripts and retries):
// 201 first record, 200 replay of the same attempt, 400/403/404/409/415/422/429 problem+json.
import { API_BODY_BYTES, readJsonBody } from '@/lib/http/body'
import { refuseCrossOrigin } from '@/lib/http/edge'
import { withProblems } from '@/lib/http/guard'
import { problemResponse } from '@/lib/http/problems'
import { submitGrade } from '@/lib/review/submit-grade'

export const dynamic = 'force-dynamic'

export const POST = withProblems(async function handlePost(request: Request): Promise<Response> {
  const refused = refuseCrossOrigin(request)
  if (refused) return refused
  const body = await readJsonBody(request, API_BODY_BYTES)
  if (!body.ok) return body.response
  const result = await submitGrade(body.value)
  switch (result.kind) {
    case 'rate-limited':
      return result.response
    case 'invalid': {
      const detail = result.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')
      return problemResponse('invalid-grade', detail)
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
