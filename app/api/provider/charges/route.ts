// GET /api/provider/charges[?limit=N&after=<charge id>]: the provider's ledger of
// charges for the calling account, read from the provider's own database — how a
// client counts real charges. Paged, oldest first; `Link: <…>; rel="next"` names the
// next page while there is one.
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { paymentRead } from '@/lib/live/http'
import { chargesJson, chargesPage, parsePageQuery } from '@/lib/live/ledger'
import { live } from '@/lib/live/live'

export const dynamic = 'force-dynamic'

export const GET = route(paymentRead, async ({ request, caller }) => {
  const url = new URL(request.url)
  const query = parsePageQuery(url.searchParams)
  if (!query.ok) return problemResponse('invalid-query', query.detail)
  // readLedger: the same rows whether the provider's books are its SQLite file or PostgreSQL.
  const ledger = await live().provider.readLedger(caller.accountId)
  const { page, next } = chargesPage(chargesJson(ledger), query)
  const headers: Record<string, string> = { 'cache-control': 'no-store' }
  if (next !== null)
    headers.link = `</api/provider/charges?limit=${query.limit}&after=${encodeURIComponent(next)}>; rel="next"`
  return Response.json(page, { headers })
})
