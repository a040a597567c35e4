// POST /api/accounts/console → { accountId, apiKey }: the live console's account for
// the learner in the cookie (created on first visit — a first write, so limited like
// any account creation; the same one afterwards, free).

import { requestLearner } from '@/lib/http/client'
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { liveData } from '@/lib/live/live'

export const dynamic = 'force-dynamic'

export const POST = route(
  {
    sameOrigin: true,
    // Only the visit that creates the account draws; without a learner nothing is created (401 below).
    limit: async (request) => {
      const learnerId = requestLearner(request)
      return learnerId !== null && (await liveData().existingConsoleAccount(learnerId)) === null
        ? { name: 'accounts', subject: learnerId }
        : null
    },
  },
  async ({ request }) => {
    const learnerId = requestLearner(request)
    if (learnerId === null)
      return problemResponse(
        'no-learner',
        'Open /sandbox in a browser first: the console account belongs to its cookie.',
      )
    const account = await liveData().ensureConsoleAccount(learnerId, Date.now())
    return Response.json(account, { headers: { 'cache-control': 'no-store' } })
  },
)
