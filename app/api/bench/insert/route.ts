// POST /api/bench/insert: the bare single-insert route `npm run bench:api` compares
// POST /api/payments against. 404 unless the server runs with DRILL_BENCH=1; its
// table is the bench's fixture (bench/api.ts makes it), never migrated.

import { sqlite } from '@/db/client'
import { benchQueries } from '@/db/queries/bench'
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'

export const dynamic = 'force-dynamic'

// No edge checks: the baseline measures one insert, nothing in front of it.
export const POST = route({}, async ({ request }) => {
  if (process.env.DRILL_BENCH !== '1')
    return problemResponse('not-found', 'The bench route is off; start the server with DRILL_BENCH=1.')
  const body = await request.text()
  const id = benchQueries(sqlite()).insertBenchRow({ body, nowMs: Date.now() })
  return Response.json({ id }, { status: 201 })
})
