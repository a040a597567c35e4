// POST /api/locks/{name}/lease { ttlMs } → 201 { token, leaseUntil } (a new grant, a new fencing token),
// or with Fencing-Token the holder's renewal → 200; 409 while another holder's lease runs.
// DELETE /api/locks/{name}/lease with Fencing-Token → 204: the holder lets go before its lease ends.
import { route } from '@/lib/http/route'
import { liveData } from '@/lib/live/live'
import {
  fencingTokenOf,
  type LockParams,
  leaseLost,
  leaseRequest,
  leaseResponse,
  lockNameOf,
  lockWrite,
} from '@/lib/live/locks-http'

export const dynamic = 'force-dynamic'

export const POST = route(leaseRequest, async ({ request, caller, body }, context: LockParams) => {
  const lock = await lockNameOf(context)
  if (!lock.ok) return lock.response
  const fence = fencingTokenOf(request, false)
  if (!fence.ok) return fence.response
  const nowMs = Date.now()
  const outcome = await liveData()
    .locks(caller.accountId)
    .lease({ name: lock.name, ttlMs: body.ttlMs, nowMs, token: fence.token })
  return leaseResponse(lock.name, outcome, nowMs)
})

export const DELETE = route(lockWrite, async ({ request, caller }, context: LockParams) => {
  const lock = await lockNameOf(context)
  if (!lock.ok) return lock.response
  const fence = fencingTokenOf(request, true)
  if (!fence.ok) return fence.response
  const token = fence.token as number
  const locks = liveData().locks(caller.accountId)
  if (await locks.release({ name: lock.name, token, nowMs: Date.now() }))
    return new Response(null, { status: 204 })
  const state = await locks.read({ name: lock.name, nowMs: Date.now() })
  return leaseLost(lock.name, token, state?.lastToken ?? null)
})
