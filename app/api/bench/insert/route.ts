// POST /api/bench/insert: the bare single-insert route `npm run bench:api` compares
// POST /api/payments against. 404 unless the server runs with DRILL_BENCH=1.

import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { benchEnabled, insertBenchRow } from '@/lib/live/bench-insert'

export const dynamic = 'force-dynamic'

// No edge checks: the baseline measures one insert, nothing in front of it.
export const POST = route({}, async ({ request }) => {
  if (!benchEnabled())
    return problemResponse('not-found', 'The bench route is off; start the server with DRILL_BENCH=1.')
  const body = await request.text()
  const id = insertBenchRow(body, Date.now())
  return Response.json({ id }, { status: 201 })
})
