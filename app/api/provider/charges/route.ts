// GET /api/provider/charges: the provider's ledger of charges for the calling
// account, read from the provider's own database — how a client counts real charges.
import { withProblems } from '@/lib/live/guard'
import { authenticate } from '@/lib/live/http'
import { chargesJson } from '@/lib/live/ledger'
import { live } from '@/lib/live/live'

export const dynamic = 'force-dynamic'

export const GET = withProblems(function handleGet(req: Request) {
  const auth = authenticate(req)
  if (!auth.ok) return auth.response
  return Response.json(chargesJson(live().provider.ledger(auth.accountId)), {
    headers: { 'cache-control': 'no-store' },
  })
})
