// POST /api/sandbox/compare { scenario, other } → both runs and "1 charge vs 2". Each run
// not already in memory costs 1 from the sandbox limit.
import { z } from 'zod'
import { parseScenario } from '@/lib/engine'
import { SANDBOX_BODY_BYTES } from '@/lib/http/body'
import { route } from '@/lib/http/route'
import { invalidSandboxBody, invalidScenario, limitSandboxRuns } from '@/lib/sandbox/http'
import { compareForSandbox } from '@/lib/sandbox/run'

const bodySchema = z.strictObject({ scenario: z.unknown(), other: z.unknown() })
const shapeProblem = 'the body must be { "scenario": { … }, "other": { … } }'

export const POST = route(
  {
    sameOrigin: true,
    body: { json: SANDBOX_BODY_BYTES },
    schema: bodySchema,
    invalid: invalidSandboxBody(shapeProblem),
  },
  async ({ request, body }) => {
    const a = parseScenario(body.scenario)
    if (!a.ok) return invalidScenario(a.problems)
    const b = parseScenario(body.other)
    if (!b.ok) return invalidScenario(b.problems.map((p) => `other: ${p}`))
    const limited = await limitSandboxRuns(request, [a.scenario, b.scenario])
    if (limited) return limited
    return Response.json(await compareForSandbox(a.scenario, b.scenario))
  },
)
