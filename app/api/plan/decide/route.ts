// GET /api/plan/decide?seed=N — "Help me decide": for desired retention 0.70–0.97, minutes per
// day and expected recall on the interview day, simulated (seeded Monte Carlo, lib/plan/decide.ts)
// from this learner's cards, memory states and answer times. Same seed, same numbers.
// 400 problem for a bad seed; 409 problem when no interview is ahead.
import { z } from 'zod'
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { studyDecks } from '@/lib/review'
import { decideForLearner, loadPlan } from '@/lib/review/load-plan'
import { study } from '@/lib/study-context'

export const dynamic = 'force-dynamic'

const seedSchema = z.coerce
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1)

export const GET = route({ study: study.read }, async ({ request, db, learnerId, nowMs }) => {
  const raw = new URL(request.url).searchParams.get('seed')
  const seed = seedSchema.safeParse(raw ?? 1)
  if (!seed.success)
    return problemResponse('invalid-query', 'seed must be a whole number from 0 to 2147483647.')
  const loaded = await loadPlan(db, await studyDecks(), learnerId, nowMs)
  const result = await decideForLearner(db, learnerId, loaded, seed.data)
  if (!result)
    return problemResponse(
      'no-interview-ahead',
      'Set an interview date ahead on /settings first: the simulation runs from today to that day.',
    )
  return Response.json(
    { currentRetention: loaded.settings.desiredRetention, ...result },
    { headers: { 'cache-control': 'no-store' } },
  )
})
