// The two writes of a mock interview as their routes take them (server only: the learner from
// the cookie, "now" from lib/clock): Finish stores the mock, Save grades records its reviews.
// A refusal stores nothing — not even the learner's row.
import 'server-only'
import { z } from 'zod'
import { studyDb } from '@/db/client'
import { requestNowMs } from '@/lib/clock'
import { currentLearnerId, ensureLearner } from '@/lib/learner'
import { studyDecks } from '@/lib/review'
import { checkFinishMock, type FinishMockResult, storeMock } from './finish-mock'
import type { FinishMockRequest } from './phases'
import { type SaveMockGradesResult, saveMockGrades } from './save-grades'

export async function submitFinishMock(request: FinishMockRequest): Promise<FinishMockResult> {
  const db = studyDb()
  const learnerId = await currentLearnerId()
  const refused = await checkFinishMock(db, await studyDecks(), learnerId, request)
  if (refused) return refused
  const nowMs = await requestNowMs()
  await ensureLearner(learnerId, nowMs)
  return storeMock(db, learnerId, request, nowMs)
}

export const saveMockGradesSchema = z.strictObject({
  ratings: z
    .array(
      z.strictObject({
        cardId: z.string().min(1).max(200),
        rating: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
      }),
    )
    .max(10),
})

export async function submitMockGrades(
  mockId: string,
  body: z.infer<typeof saveMockGradesSchema>,
): Promise<SaveMockGradesResult> {
  return saveMockGrades(studyDb(), await studyDecks(), {
    learnerId: await currentLearnerId(),
    mockId,
    ratings: body.ratings,
    nowMs: await requestNowMs(),
  })
}
