// GET /api/idempotency-keys → the calling account's key rows, newest first.

import { sqlite } from '@/db/client'
import { withProblems } from '@/lib/http/guard'
import { authenticate } from '@/lib/live/http'
import { getKeyRowsByAccountId } from '@/lib/live/queries'

export const dynamic = 'force-dynamic'

export const GET = withProblems(function handleGet(req: Request) {
  const auth = authenticate(req)
  if (!auth.ok) return auth.response
  return Response.json(getKeyRowsByAccountId(sqlite(), auth.accountId), {
    headers: { 'cache-control': 'no-store' },
  })
})
