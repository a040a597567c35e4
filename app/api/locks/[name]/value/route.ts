// PUT /api/locks/{name}/value with Fencing-Token and any JSON body → 200: the storage accepted the write;
// 409 when a higher token's write was accepted already (the sender lost the lock, whatever it believes).
// The storage checks the token only, never the lease: that is the fence.
import { route } from '@/lib/http/route'
import { liveData } from '@/lib/live/live'
import { fencingTokenOf, type LockParams, lockNameOf, valueWrite, writeResponse } from '@/lib/live/locks-http'

export const dynamic = 'force-dynamic'

export const PUT = route(valueWrite, async ({ request, caller, body }, context: LockParams) => {
  const lock = await lockNameOf(context)
  if (!lock.ok) return lock.response
  const fence = fencingTokenOf(request, true)
  if (!fence.ok) return fence.response
  const outcome = await liveData()
    .locks(caller.accountId)
    .write({ name: lock.name, token: fence.token as number, value: body, nowMs: Date.now() })
  return writeResponse(lock.name, outcome, body)
})
