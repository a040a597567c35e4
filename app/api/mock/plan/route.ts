// GET /api/mock/plan?main=<card id> → the plan /mock runs for that main question: the card, its
// follow-ups (points, rubrics, what each deepens) and the learner's recall of each. /mock's HTML
// carries the default question's plan only; the browser asks for another when it is picked (the
// full deck's plans in one page were 240 KB of HTML). Not one of the learner's questions → 404.
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { mainCardChoices, mockPlansFor } from '@/lib/mock/mock-cards'
import { settingsForLearner, studyDecks } from '@/lib/review'
import { study } from '@/lib/study-context'

export const dynamic = 'force-dynamic'

export const GET = route({ study: study.read }, async ({ request, db, learnerId, nowMs }) => {
  const main = new URL(request.url).searchParams.get('main') ?? ''
  const choice = (await mainCardChoices(db, await studyDecks(), learnerId)).find((c) => c.card.id === main)
  if (!choice)
    return problemResponse('card-not-found', `No question with follow-ups has id "${main.slice(0, 100)}".`)
  const settings = await settingsForLearner(db, learnerId)
  const [plan] = await mockPlansFor(db, learnerId, [choice], nowMs, settings)
  return Response.json(plan, { headers: { 'cache-control': 'no-store' } })
})
