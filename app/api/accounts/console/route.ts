// POST /api/accounts/console → { accountId, apiKey }: the live console's account for
// the learner in the cookie (created on first visit; the same one afterwards).

import { sqlite } from '@/db/client'
import { currentLearnerId, NoLearnerError } from '@/lib/learner'
import { ensureConsoleAccount } from '@/lib/live/console-account'
import { withProblems } from '@/lib/live/guard'
import { problemResponse, problems } from '@/lib/live/problems'

export const dynamic = 'force-dynamic'

export const POST = withProblems(async function handlePost() {
  let learnerId: string
  try {
    learnerId = await currentLearnerId()
  } catch (error) {
    if (error instanceof NoLearnerError) return problemResponse(problems.noLearner())
    throw error
  }
  const account = ensureConsoleAccount(sqlite(), learnerId, Date.now())
  return Response.json(account, { headers: { 'cache-control': 'no-store' } })
})
