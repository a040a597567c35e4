// POST /api/accounts → 201 { id, apiKey }: a sandbox account; the key is shown once.
// Limited per learner (or, cookieless, the address's anonymous bucket) and per address.

import { sqlite } from '@/db/client'
import { rateLimit, refuseCrossOrigin } from '@/lib/http/edge'
import { withProblems } from '@/lib/http/guard'
import { createAccount } from '@/lib/live/accounts'

export const dynamic = 'force-dynamic'

export const POST = withProblems(function handlePost(req: Request) {
  const refused = refuseCrossOrigin(req) ?? rateLimit('accounts', req)
  if (refused) return refused
  const account = createAccount(sqlite(), { nowMs: Date.now(), label: 'api' })
  return Response.json(account, { status: 201, headers: { 'cache-control': 'no-store' } })
})
