// GET /api/idempotency-keys → the calling account's key rows, newest first.
import { sqlite } from '@/db/client'
import { authenticate } from '@/lib/live/http'
import { getKeyRowsByAccountId } from '@/lib/live/queries'

export const dynamic = 'force-dynamic'

export function GET(req: Request) {
  const auth = authenticate(req)
  if (!auth.ok) return auth.response
  return Response.json(getKeyRowsByAccountId(sqlite(), auth.accountId), {
    headers: { 'cache-control': 'no-store' },
  })
}
