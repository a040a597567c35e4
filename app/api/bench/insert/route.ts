// POST /api/bench/insert: the bare single-insert route `npm run bench:api` compares
// POST /api/payments against. 404 unless the server runs with DRILL_BENCH=1.

import { problemResponse } from '@/lib/http/problems'
import { benchEnabled, insertBenchRow } from '@/lib/live/bench-insert'

export const dynamic = 'force-dynamic'

export async function POST(req: Request) {
  if (!benchEnabled())
    return problemResponse('not-found', 'The bench route is off; start the server with DRILL_BENCH=1.')
  const body = await req.text()
  const id = insertBenchRow(body, Date.now())
  return Response.json({ id }, { status: 201 })
}
