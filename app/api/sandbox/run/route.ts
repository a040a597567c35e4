// POST /api/sandbox/run { scenario } → the trace, the verdicts and the URL state.
// Bounded by the scenario schema (requests, faults, virtual time) and the simulator's
// event limit; rate-limited per learner.
import type { NextRequest } from 'next/server'
import { z } from 'zod'
import { parseScenario } from '@/lib/engine'
import { invalidScenario, readSandboxRequest } from '@/lib/sandbox/http'
import { runForSandbox } from '@/lib/sandbox/run'

const bodySchema = z.strictObject({ scenario: z.unknown() })
const shapeProblem = 'the body must be { "scenario": { … } }'

export async function POST(request: NextRequest) {
  const body = await readSandboxRequest(request, { cost: 1, schema: bodySchema, shapeProblem })
  if (!body.ok) return body.response
  const parsed = parseScenario(body.value.scenario)
  if (!parsed.ok) return invalidScenario(parsed.problems)
  return Response.json(await runForSandbox(parsed.scenario))
}
