// POST /api/payments/{id}/refunds: refund part or all of a payment, idempotently.
import { withProblems } from '@/lib/http/guard'
import { admitPaymentWrite, parseId, paymentNotFound, readIdempotentPost } from '@/lib/live/http'
import { live } from '@/lib/live/live'
import { preferenceApplied, toHttpResponse } from '@/lib/live/respond'

export const dynamic = 'force-dynamic'

export const POST = withProblems(async function handlePost(
  req: Request,
  { params }: { params: Promise<{ id: string }> },
) {
  const auth = admitPaymentWrite(req)
  if (!auth.ok) return auth.response
  const paymentId = parseId((await params).id)
  if (paymentId === null) return paymentNotFound()
  const post = await readIdempotentPost(req)
  if (!post.ok) return post.response
  const result = await live().engine.refundPayment({
    accountId: auth.accountId,
    key: post.key,
    paymentId,
    body: post.body,
    waitMs: post.waitMs,
  })
  return toHttpResponse(result, preferenceApplied(post.waitMs))
})
