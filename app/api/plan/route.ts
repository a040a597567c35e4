// GET /api/plan — this learner's interview plan as JSON (lib/plan/plan-json.ts):
// { interviewDate, daysLeft, expectedRecall, expectedRecallWithPlan, cards: [{ cardId, title, state,
//   stability, difficulty, lastReviewAt, nextDueAt, recallAtInterview }], … }; interviewDate null when unset.
import { sqlite } from '@/db/client'
import { requestNowMs } from '@/lib/clock'
import { warmDrillCards } from '@/lib/drills/cards'
import { withProblems } from '@/lib/http/guard'
import { currentLearnerId } from '@/lib/learner'
import { loadPlan } from '@/lib/plan/load'
import { planJson } from '@/lib/plan/plan-json'

export const dynamic = 'force-dynamic'

export const GET = withProblems(async function handleGet(): Promise<Response> {
  const learnerId = await currentLearnerId()
  const nowMs = await requestNowMs()
  await warmDrillCards()
  const { plan } = loadPlan(sqlite(), learnerId, nowMs)
  return Response.json(planJson(plan), { headers: { 'cache-control': 'no-store' } })
})
