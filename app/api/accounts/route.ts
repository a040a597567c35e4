// POST /api/accounts → 201 { id, apiKey }: a sandbox account; the key is shown once.
// Limited per learner (or, cookieless, the address's anonymous bucket) and per address.

import { sqlite } from '@/db/client'
import { route } from '@/lib/http/route'
import { createAccount } from '@/lib/live/accounts'

export const dynamic = 'force-dynamic'

export const POST = route({ sameOrigin: true, limit: { name: 'accounts' } }, () => {
  const account = createAccount(sqlite(), { nowMs: Date.now(), label: 'api' })
  return Response.json(account, { status: 201, headers: { 'cache-control': 'no-store' } })
})
