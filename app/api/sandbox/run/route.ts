// POST /api/sandbox/run { scenario } → the trace, the verdicts and the URL state, for a
// scenario of any protocol (`"protocol": "lease"`; payments when absent).
// Bounded by the scenario schema (requests, faults, virtual time) and the simulator's
// event limit; a run not already in memory is rate-limited per learner.
import { z } from 'zod'
import { route } from '@/lib/http/route'
import { admitScenarios, sandboxRoute } from '@/lib/sandbox/http'
import { runForSandbox } from '@/lib/sandbox/run'

const bodySchema = z.strictObject({ scenario: z.unknown() })

export const POST = route(
  sandboxRoute(bodySchema, 'the body must be { "scenario": { … } }'),
  async ({ request, body }) => {
    const admitted = await admitScenarios(request, { scenario: body.scenario })
    if (!admitted.ok) return admitted.response
    const [scenario] = admitted.scenarios
    return Response.json(await runForSandbox(scenario!))
  },
)
