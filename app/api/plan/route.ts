// GET /api/plan — this learner's interview plan as JSON (lib/plan/plan-json.ts):
// { interviewDate, daysLeft, expectedRecall, expectedRecallWithPlan, cards: [{ cardId, title, state,
//   stability, difficulty, lastReviewAt, nextDueAt, recallAtInterview }], … }; interviewDate null when unset.
import { route } from '@/lib/http/route'
import { planJson } from '@/lib/plan/plan-json'
import { studyDecks } from '@/lib/review'
import { loadPlan } from '@/lib/review/load-plan'
import { study } from '@/lib/study-context'

export const dynamic = 'force-dynamic'

export const GET = route({ study: study.read }, async ({ db, learnerId, nowMs }) => {
  const { plan } = await loadPlan(db, await studyDecks(), learnerId, nowMs)
  return Response.json(planJson(plan), { headers: { 'cache-control': 'no-store' } })
})
