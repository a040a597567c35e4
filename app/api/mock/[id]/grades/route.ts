// POST /api/mock/{id}/grades — Save grades: { ratings: [{ cardId, rating }] } (cards not named get
// their suggested rating) → 201 { reviews: [{ cardId, rating, logId }] } once; any later save
// → 200 { alreadySaved: true, ratings } and records nothing. 404 mock-not-found (unknown, or
// another learner's), 404 card-not-found, 422 card-not-in-mock; a refusal stores nothing.
import { API_BODY_BYTES } from '@/lib/http/body'
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { saveMockGrades, saveMockGradesSchema } from '@/lib/mock/save-grades'
import { studyDecks } from '@/lib/review'
import { study } from '@/lib/study-context'

export const dynamic = 'force-dynamic'

export const POST = route(
  {
    sameOrigin: true,
    limit: { name: 'grade' },
    body: { json: API_BODY_BYTES },
    schema: saveMockGradesSchema,
    invalid: 'invalid-grade',
    study: study.read,
  },
  async ({ body, db, learnerId, nowMs }, { params }: { params: Promise<{ id: string }> }) => {
    const { id } = await params
    const result = await saveMockGrades(db, await studyDecks(), {
      learnerId,
      mockId: id,
      ratings: body.ratings,
      nowMs,
    })
    switch (result.kind) {
      case 'saved':
        return Response.json({ mockId: id, reviews: result.reviews }, { status: 201 })
      case 'already-saved':
        return Response.json({ mockId: id, alreadySaved: true, ratings: result.ratings }, { status: 200 })
      case 'mock-not-found':
        return problemResponse(
          'mock-not-found',
          `No mock interview of yours has id "${id}". Nothing was recorded.`,
        )
      case 'card-not-found':
        return problemResponse('card-not-found', `No card has id "${result.cardId}". Nothing was recorded.`)
      case 'card-not-in-mock':
        return problemResponse(
          'card-not-in-mock',
          `Card "${result.cardId}" was not asked in this mock interview. Nothing was recorded.`,
        )
    }
  },
)
