// GET /api/plan — this learner's interview plan as JSON (lib/plan/plan-json.ts):
// { interviewDate, daysLeft, expectedRecall, expectedRecallWithPlan, cards: [{ cardId, title, state,
//   stability, difficulty, lastReviewAt, nextDueAt, recallAtInterview }], … }; interviewDate null when unset.
import { studyDb } from '@/db/client'
import { requestNowMs } from '@/lib/clock'
import { route } from '@/lib/http/route'
import { currentLearnerId } from '@/lib/learner'
import { planJson } from '@/lib/plan/plan-json'
import { studyDecks } from '@/lib/review'
import { loadPlan } from '@/lib/review/load-plan'

export const dynamic = 'force-dynamic'

export const GET = route({}, async () => {
  const learnerId = await currentLearnerId()
  const nowMs = await requestNowMs()
  const { plan } = await loadPlan(studyDb(), await studyDecks(), learnerId, nowMs)
  return Response.json(planJson(plan), { headers: { 'cache-control': 'no-store' } })
})
