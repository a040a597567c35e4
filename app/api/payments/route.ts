// POST /api/payments: create a payment, idempotently (Idempotency-Key required).
// GET /api/payments: the calling account's payments, newest first (the live console polls it).

import { sqlite } from '@/db/client'
import { withProblems } from '@/lib/http/guard'
import { admitPaymentWrite, authenticate, readIdempotentPost } from '@/lib/live/http'
import { live } from '@/lib/live/live'
import { getPaymentsByAccountId } from '@/lib/live/queries'
import { preferenceApplied, toHttpResponse } from '@/lib/live/respond'

export const dynamic = 'force-dynamic'

export const POST = withProblems(async function handlePost(req: Request) {
  const auth = admitPaymentWrite(req)
  if (!auth.ok) return auth.response
  const post = await readIdempotentPost(req)
  if (!post.ok) return post.response
  const result = await live().engine.createPayment({
    accountId: auth.accountId,
    key: post.key,
    body: post.body,
    waitMs: post.waitMs,
  })
  return toHttpResponse(result, preferenceApplied(post.waitMs))
})

export const GET = withProblems(function handleGet(req: Request) {
  const auth = authenticate(req)
  if (!auth.ok) return auth.response
  return Response.json(getPaymentsByAccountId(sqlite(), auth.accountId), {
    headers: { 'cache-control': 'no-store' },
  })
})
