// POST /api/sandbox/run { scenario } → the trace, the verdicts and the URL state.
// Bounded by the scenario schema (requests, faults, virtual time) and the simulator's
// event limit; a run not already in memory is rate-limited per learner.
import { z } from 'zod'
import { parseScenario } from '@/lib/engine'
import { SANDBOX_BODY_BYTES } from '@/lib/http/body'
import { route } from '@/lib/http/route'
import { invalidSandboxBody, invalidScenario, limitSandboxRuns } from '@/lib/sandbox/http'
import { runForSandbox } from '@/lib/sandbox/run'

const bodySchema = z.strictObject({ scenario: z.unknown() })
const shapeProblem = 'the body must be { "scenario": { … } }'

export const POST = route(
  {
    sameOrigin: true,
    body: { json: SANDBOX_BODY_BYTES },
    schema: bodySchema,
    invalid: invalidSandboxBody(shapeProblem),
  },
  async ({ request, body }) => {
    const parsed = parseScenario(body.scenario)
    if (!parsed.ok) return invalidScenario(parsed.problems)
    const limited = await limitSandboxRuns(request, [parsed.scenario])
    if (limited) return limited
    return Response.json(await runForSandbox(parsed.scenario))
  },
)
