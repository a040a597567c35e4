// POST /api/sandbox/compare { scenario, other } → both runs and "1 charge vs 2". Each run
// not already in memory costs 1 from the sandbox limit.
import { z } from 'zod'
import { route } from '@/lib/http/route'
import { admitScenarios, sandboxRoute } from '@/lib/sandbox/http'
import { compareForSandbox } from '@/lib/sandbox/run'

const bodySchema = z.strictObject({ scenario: z.unknown(), other: z.unknown() })

export const POST = route(
  sandboxRoute(bodySchema, 'the body must be { "scenario": { … }, "other": { … } }'),
  async ({ request, body }) => {
    const admitted = await admitScenarios(request, { scenario: body.scenario, other: body.other })
    if (!admitted.ok) return admitted.response
    const [scenario, other] = admitted.scenarios
    return Response.json(await compareForSandbox(scenario!, other!))
  },
)
