// POST /api/mock — Finish: the whole mock interview at once (lib/mock/phases.ts) → 201 { id },
// 200 { id } for a retried Finish (same id: nothing new stored). 400 invalid-mock, 404
// card-not-found (a card the learner does not have), problem+json; a refusal stores nothing.
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { ensureLearner } from '@/lib/learner'
import { finishMock } from '@/lib/mock/finish-mock'
import { FINISH_MOCK_BYTES, finishMockSchema } from '@/lib/mock/phase-schema'
import { studyDecks } from '@/lib/review'
import { study } from '@/lib/study-context'

export const dynamic = 'force-dynamic'

export const POST = route(
  {
    sameOrigin: true,
    limit: { name: 'grade' },
    body: { json: FINISH_MOCK_BYTES },
    schema: finishMockSchema,
    invalid: 'invalid-mock',
    study: study.read,
  },
  async ({ body, db, learnerId, nowMs }) => {
    const storeLearner = () => ensureLearner(learnerId, nowMs)
    const result = await finishMock(db, await studyDecks(), { learnerId, nowMs, storeLearner }, body)
    switch (result.kind) {
      case 'stored':
      case 'exists':
        return Response.json({ id: result.id }, { status: result.kind === 'stored' ? 201 : 200 })
      case 'invalid':
        return problemResponse('invalid-mock', `${result.detail}. Nothing was stored.`)
      case 'card-not-found':
        return problemResponse('card-not-found', `No card has id "${result.cardId}". Nothing was stored.`)
    }
  },
)
