// Liveness for scripts and the e2e server wait: answers once the database opens.
import { sqlite } from '@/db/client'
import { healthQueries } from '@/db/queries/health'
import { route } from '@/lib/http/route'

export const dynamic = 'force-dynamic'

export const GET = route({}, () => {
  healthQueries(sqlite()).checkDatabaseAnswers()
  return Response.json({ ok: true })
})
