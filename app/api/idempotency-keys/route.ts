// GET /api/idempotency-keys → the calling account's key rows, newest first.

import { sqlite } from '@/db/client'
import { route } from '@/lib/http/route'
import { paymentRead } from '@/lib/live/http'
import { getKeyRowsByAccountId } from '@/lib/live/queries'

export const dynamic = 'force-dynamic'

export const GET = route(paymentRead, ({ caller }) =>
  Response.json(getKeyRowsByAccountId(sqlite(), caller.accountId), {
    headers: { 'cache-control': 'no-store' },
  }),
)
