// POST /api/payments: create a payment, idempotently (Idempotency-Key required).
// GET /api/payments: the calling account's payments, newest first (the live console polls it).

import { route } from '@/lib/http/route'
import { paymentRead, paymentWrite, readIdempotentPost, withAdmittedKey } from '@/lib/live/http'
import { live, liveData } from '@/lib/live/live'
import { preferenceApplied, toHttpResponse } from '@/lib/live/respond'

export const dynamic = 'force-dynamic'

export const POST = route(paymentWrite, async ({ request, caller }) => {
  const post = await readIdempotentPost(request)
  if (!post.ok) return post.response
  const result = await withAdmittedKey(caller, () =>
    live().engine.createPayment({
      accountId: caller.accountId,
      key: post.key,
      body: post.body,
      waitMs: post.waitMs,
    }),
  )
  return toHttpResponse(result, preferenceApplied(post.waitMs))
})

export const GET = route(paymentRead, async ({ caller }) =>
  Response.json(await liveData().payments(caller.accountId), {
    headers: { 'cache-control': 'no-store' },
  }),
)
