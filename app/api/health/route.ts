// Liveness for scripts and the e2e server wait: answers once the database opens.
import { sqlite } from '@/db/client'
import { healthQueries } from '@/db/queries/health'

export const dynamic = 'force-dynamic'

export function GET() {
  healthQueries(sqlite()).checkDatabaseAnswers()
  return Response.json({ ok: true })
}
