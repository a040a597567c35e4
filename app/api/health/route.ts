// Liveness for scripts, the e2e server wait and a balancer: 200 once the database answers;
// with PostgreSQL, a database that went away answers 503 (problem+json) until it is back,
// and the next probe tries a fresh connection, so no restart is needed. Under the test flag
// (DRILL_TEST_CLOCK=1) it also says what the sandbox's run cache has done since start, so a
// test can see that a page served twice ran the simulator once, and the process's CPU time
// so far (bench:pages times single requests with it).
import { isTestClockEnabled } from '@/lib/clock'
import { problemResponse } from '@/lib/http/problems'
import { route } from '@/lib/http/route'
import { liveData } from '@/lib/live/live'
import { runCacheCounts } from '@/lib/sandbox/run-memory'

export const dynamic = 'force-dynamic'

function cpuUs(): number {
  const { user, system } = process.cpuUsage()
  return user + system
}

export const GET = route({}, async () => {
  if (!(await liveData().databaseAnswers()))
    return problemResponse('database-unavailable', 'The database does not answer; retry in a moment.', {
      headers: { 'retry-after': '1' },
    })
  return Response.json(
    isTestClockEnabled()
      ? { ok: true, details: { sandboxRuns: runCacheCounts(), cpuUs: cpuUs() } }
      : { ok: true },
  )
})
