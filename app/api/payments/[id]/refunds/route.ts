// POST /api/payments/{id}/refunds: refund part or all of a payment, idempotently.
import { route } from '@/lib/http/route'
import { parseId, paymentNotFound, paymentWrite, readIdempotentPost, withAdmittedKey } from '@/lib/live/http'
import { live } from '@/lib/live/live'
import { preferenceApplied, toHttpResponse } from '@/lib/live/respond'

export const dynamic = 'force-dynamic'

export const POST = route(
  paymentWrite,
  async ({ request, caller }, { params }: { params: Promise<{ id: string }> }) => {
    const paymentId = parseId((await params).id)
    if (paymentId === null) return paymentNotFound()
    const post = await readIdempotentPost(request)
    if (!post.ok) return post.response
    const result = await withAdmittedKey(caller, () =>
      live().engine.refundPayment({
        accountId: caller.accountId,
        key: post.key,
        paymentId,
        body: post.body,
        waitMs: post.waitMs,
      }),
    )
    return toHttpResponse(result, preferenceApplied(post.waitMs))
  },
)
