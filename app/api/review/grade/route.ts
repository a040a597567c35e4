// POST /api/review/grade — one grade over HTTP: the review page's queue, scripts, retries.
// With `Idempotency-Key` (the device's review id): 201 first record (stored), the stored 201 again
// with `Idempotent-Replayed: true` on a retry, 422 for the key with another body, 409 + Retry-After
// while the key's first request is in flight. Without it, the body's attemptToken: 201, then 200
// `{replayed: true}`. Also 400/403/404/409 (not due)/415/429 problem+json; a refusal stores nothing.
import { API_BODY_BYTES } from '@/lib/http/body'
import { issueText } from '@/lib/http/issues'
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { parseIdempotencyKey } from '@/lib/live/headers'
import { gradeRequestSchema } from '@/lib/review/grade-input'
import { submitGrade } from '@/lib/review/submit-grade'
import { study } from '@/lib/study-context'

export const dynamic = 'force-dynamic'

const gradeRoute = {
  sameOrigin: true,
  // The learner's (and the address's) grade limit, once per grade.
  limit: { name: 'grade' },
  body: { json: API_BODY_BYTES },
  schema: gradeRequestSchema,
  invalid: 'invalid-grade',
  study: study.read,
} as const

export const POST = route(gradeRoute, async ({ request, body, db, learnerId, nowMs }) => {
  const header = request.headers.get('idempotency-key')
  const key = header === null ? undefined : parseIdempotencyKey(header)
  if (key && !key.ok) return problemResponse('invalid-idempotency-key', key.detail)
  const result = await submitGrade(db, { learnerId, nowMs, key: key?.key }, body)
  // The device measures its clock against this `Date` at each sync (the request's now: the test clock in e2e).
  return withServerDate(answerOf(result), nowMs)
})

function withServerDate(response: Response, nowMs: number): Response {
  response.headers.set('date', new Date(nowMs).toUTCString())
  return response
}

function answerOf(result: Awaited<ReturnType<typeof submitGrade>>): Response {
  switch (result.kind) {
    case 'invalid':
      return problemResponse('invalid-grade', issueText(result.issues))
    case 'graded':
      if (result.stored) return storedResponse(result.stored, false)
      return legacyGrade(result, 201)
    case 'replayed':
      return legacyGrade(result, 200)
    case 'key-replayed':
      return storedResponse(result.stored, true)
    case 'key-reused':
      return problemResponse(
        'grade-key-reused',
        'This Idempotency-Key was first sent with a different grade. Nothing was recorded: a new grade needs a new key.',
      )
    case 'key-in-flight':
      return problemResponse(
        'grade-key-in-flight',
        'The first request with this Idempotency-Key has not finished. Retry after the delay to receive its result.',
        {
          extra: { retryAfterS: result.retryAfterS },
          headers: { 'retry-after': String(result.retryAfterS) },
        },
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
}

function storedResponse(stored: { status: number; body: string }, replayed: boolean): Response {
  return new Response(stored.body, {
    status: stored.status,
    headers: {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    },
  })
}

function legacyGrade(result: { logId: number; rating: number; dueMs: number }, status: 200 | 201): Response {
  return Response.json(
    {
      logId: result.logId,
      rating: result.rating,
      due: new Date(result.dueMs).toISOString(),
      replayed: status === 200,
    },
    { status },
  )
}
