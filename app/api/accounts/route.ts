// POST /api/accounts → 201 { id, apiKey }: a sandbox account; the key is shown once.

import { sqlite } from '@/db/client'
import { accountLimiter } from '@/lib/live/account-limits'
import { createAccount } from '@/lib/live/accounts'
import { withProblems } from '@/lib/live/guard'
import { problemResponse, problems } from '@/lib/live/problems'
import { clientAddress } from '@/lib/live/rate-limit'

export const dynamic = 'force-dynamic'

export const POST = withProblems(function handlePost(req: Request) {
  const retryAfterS = accountLimiter().hit(clientAddress(req), Date.now())
  if (retryAfterS > 0)
    return problemResponse(problems.rateLimited(retryAfterS), { 'retry-after': String(retryAfterS) })
  const account = createAccount(sqlite(), { nowMs: Date.now(), label: 'api' })
  return Response.json(account, { status: 201, headers: { 'cache-control': 'no-store' } })
})
