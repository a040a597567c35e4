// POST /api/accounts/console → { accountId, apiKey }: the live console's account for
// the learner in the cookie (created on first visit — a first write, so limited like
// any account creation; the same one afterwards, free).

import { sqlite } from '@/db/client'
import { requestLearner } from '@/lib/http/client'
import { rateLimit, refuseCrossOrigin } from '@/lib/http/edge'
import { withProblems } from '@/lib/http/guard'
import { problemResponse } from '@/lib/http/problems'
import { ensureConsoleAccount, existingConsoleAccount } from '@/lib/live/console-account'

export const dynamic = 'force-dynamic'

export const POST = withProblems(function handlePost(req: Request) {
  const refused = refuseCrossOrigin(req)
  if (refused) return refused
  const learnerId = requestLearner(req)
  if (learnerId === null)
    return problemResponse(
      'no-learner',
      'Open /sandbox in a browser first: the console account belongs to its cookie.',
    )
  if (existingConsoleAccount(sqlite(), learnerId) === null) {
    const limited = rateLimit('accounts', req, { subject: learnerId })
    if (limited) return limited
  }
  const account = ensureConsoleAccount(sqlite(), learnerId, Date.now())
  return Response.json(account, { headers: { 'cache-control': 'no-store' } })
})
