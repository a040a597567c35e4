// POST /api/accounts → 201 { id, apiKey }: a sandbox account; the key is shown once.
// Limited per learner (or, cookieless, the address's anonymous bucket) and per address.

import { route } from '@/lib/http/route'
import { liveData } from '@/lib/live/live'

export const dynamic = 'force-dynamic'

export const POST = route({ sameOrigin: true, limit: { name: 'accounts' } }, async () => {
  const account = await liveData().createAccount({ nowMs: Date.now(), label: 'api' })
  return Response.json(account, { status: 201, headers: { 'cache-control': 'no-store' } })
})
