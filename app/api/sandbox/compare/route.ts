// POST /api/sandbox/compare { scenario, other } → both runs and "1 charge vs 2".
import { z } from 'zod'
import { parseScenario } from '@/lib/engine'
import { SANDBOX_BODY_BYTES } from '@/lib/http/body'
import { route } from '@/lib/http/route'
import { invalidSandboxBody, invalidScenario } from '@/lib/sandbox/http'
import { compareForSandbox } from '@/lib/sandbox/run'

const bodySchema = z.strictObject({ scenario: z.unknown(), other: z.unknown() })
const shapeProblem = 'the body must be { "scenario": { … }, "other": { … } }'

export const POST = route(
  {
    sameOrigin: true,
    limit: { name: 'sandbox', cost: 2 },
    body: { json: SANDBOX_BODY_BYTES },
    schema: bodySchema,
    invalid: invalidSandboxBody(shapeProblem),
  },
  async ({ body }) => {
    const a = parseScenario(body.scenario)
    if (!a.ok) return invalidScenario(a.problems)
    const b = parseScenario(body.other)
    if (!b.ok) return invalidScenario(b.problems.map((p) => `other: ${p}`))
    return Response.json(await compareForSandbox(a.scenario, b.scenario))
  },
)
