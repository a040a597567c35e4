// GET /api/payments/{id} → 200 for the owning account; 404 for anyone else.

import { sqlite } from '@/db/client'
import { withProblems } from '@/lib/http/guard'
import { authenticate, parseId, paymentNotFound } from '@/lib/live/http'
import { getPaymentByAccountId } from '@/lib/live/queries'

export const dynamic = 'force-dynamic'

export const GET = withProblems(async function handleGet(
  req: Request,
  { params }: { params: Promise<{ id: string }> },
) {
  const auth = authenticate(req)
  if (!auth.ok) return auth.response
  const id = parseId((await params).id)
  const payment = id === null ? null : getPaymentByAccountId(sqlite(), auth.accountId, id)
  if (!payment) return paymentNotFound()
  return Response.json(payment, { headers: { 'cache-control': 'no-store' } })
})
