// POST /api/sandbox/compare { scenario, other } → both runs and "1 charge vs 2". Each run
// not already in memory costs 1 from the sandbox limit.
import { z } from 'zod'
import { protocolOf } from '@/lib/engine'
import { route } from '@/lib/http/route'
import { admitScenarios, invalidScenario, sandboxRoute } from '@/lib/sandbox/http'
import { compareForSandbox } from '@/lib/sandbox/run'

const bodySchema = z.strictObject({ scenario: z.unknown(), other: z.unknown() })

export const POST = route(
  sandboxRoute(bodySchema, 'the body must be { "scenario": { … }, "other": { … } }'),
  async ({ request, body }) => {
    const admitted = await admitScenarios(request, { scenario: body.scenario, other: body.other })
    if (!admitted.ok) return admitted.response
    const [scenario, other] = admitted.scenarios
    if (protocolOf(scenario!) !== protocolOf(other!))
      return invalidScenario([
        `other.protocol: compare runs one protocol twice; "scenario" is ${protocolOf(scenario!)}, "other" is ${protocolOf(other!)}`,
      ])
    return Response.json(await compareForSandbox(scenario!, other!))
  },
)
