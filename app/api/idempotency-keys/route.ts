// GET /api/idempotency-keys → the calling account's key rows, newest first.

import { route } from '@/lib/http/route'
import { paymentRead } from '@/lib/live/http'
import { liveData } from '@/lib/live/live'

export const dynamic = 'force-dynamic'

export const GET = route(paymentRead, async ({ caller }) =>
  Response.json(await liveData().keyRows(caller.accountId), {
    headers: { 'cache-control': 'no-store' },
  }),
)
