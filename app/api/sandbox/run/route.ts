// POST /api/sandbox/run { scenario } → the trace, the verdicts and the URL state.
// Bounded by the scenario schema (requests, faults, virtual time) and the simulator's
// event limit; rate-limited per learner.
import { z } from 'zod'
import { parseScenario } from '@/lib/engine'
import { SANDBOX_BODY_BYTES } from '@/lib/http/body'
import { route } from '@/lib/http/route'
import { invalidSandboxBody, invalidScenario } from '@/lib/sandbox/http'
import { runForSandbox } from '@/lib/sandbox/run'

const bodySchema = z.strictObject({ scenario: z.unknown() })
const shapeProblem = 'the body must be { "scenario": { … } }'

export const POST = route(
  {
    sameOrigin: true,
    limit: { name: 'sandbox', cost: 1 },
    body: { json: SANDBOX_BODY_BYTES },
    schema: bodySchema,
    invalid: invalidSandboxBody(shapeProblem),
  },
  async ({ body }) => {
    const parsed = parseScenario(body.scenario)
    if (!parsed.ok) return invalidScenario(parsed.problems)
    return Response.json(await runForSandbox(parsed.scenario))
  },
)
