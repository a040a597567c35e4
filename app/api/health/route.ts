// Liveness for scripts, the e2e server wait and a balancer: 200 once the database answers;
// with PostgreSQL, a database that went away answers 503 (problem+json) until it is back,
// and the next probe tries a fresh connection, so no restart is needed.
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { liveData } from '@/lib/live/live'

export const dynamic = 'force-dynamic'

export const GET = route({}, async () => {
  if (!(await liveData().databaseAnswers()))
    return problemResponse('database-unavailable', 'The database does not answer; retry in a moment.', {
      headers: { 'retry-after': '1' },
    })
  return Response.json({ ok: true })
})
