// GET /api/payments/{id} → 200 for the owning account; 404 for anyone else.

import { route } from '@/lib/http/route'
import { parseId, paymentNotFound, paymentRead } from '@/lib/live/http'
import { liveData } from '@/lib/live/live'

export const dynamic = 'force-dynamic'

export const GET = route(paymentRead, async ({ caller }, { params }: { params: Promise<{ id: string }> }) => {
  const id = parseId((await params).id)
  const payment = id === null ? null : await liveData().payment(caller.accountId, id)
  if (!payment) return paymentNotFound()
  return Response.json(payment, { headers: { 'cache-control': 'no-store' } })
})
