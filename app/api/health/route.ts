// Liveness for scripts and the e2e server wait: answers once the database opens. Under
// the test flag (DRILL_TEST_CLOCK=1) it also says what the sandbox's run cache has done
// since start, so a test can see that a page served twice ran the simulator once, and the
// process's CPU time so far (bench:pages times single requests with it).
import { sqlite } from '@/db/client'
import { healthQueries } from '@/db/queries/health'
import { isTestClockEnabled } from '@/lib/clock'
import { route } from '@/lib/http/route'
import { runCacheCounts } from '@/lib/sandbox/run-memory'

export const dynamic = 'force-dynamic'

function cpuUs(): number {
  const { user, system } = process.cpuUsage()
  return user + system
}

export const GET = route({}, () => {
  healthQueries(sqlite()).checkDatabaseAnswers()
  return Response.json(
    isTestClockEnabled()
      ? { ok: true, details: { sandboxRuns: runCacheCounts(), cpuUs: cpuUs() } }
      : { ok: true },
  )
})
