// GET /api/locks/{name} → the lock as the service sees it: the latest token, its lease, whether it is
// held now, the highest token the storage accepted and the value it holds.
import { route } from '@/lib/http/route'
import { liveData } from '@/lib/live/live'
import { type LockParams, lockNameOf, lockRead, stateResponse } from '@/lib/live/locks-http'

export const dynamic = 'force-dynamic'

export const GET = route(lockRead, async ({ caller }, context: LockParams) => {
  const lock = await lockNameOf(context)
  if (!lock.ok) return lock.response
  const state = await liveData().locks(caller.accountId).read({ name: lock.name, nowMs: Date.now() })
  return stateResponse(state, lock.name)
})
