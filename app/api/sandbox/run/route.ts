// POST /api/sandbox/run { scenario } → the trace, the verdicts and the URL state.
// Bounded by the scenario schema (requests, faults, virtual time) and the simulator's
// event limit; rate-limited per learner.
import type { NextRequest } from 'next/server'
import { z } from 'zod'
import { parseScenario } from '@/lib/engine'
import { invalidScenario, rateLimited, readJsonBody } from '@/lib/sandbox/http'
import { runForSandbox } from '@/lib/sandbox/run'

const bodySchema = z.strictObject({ scenario: z.unknown() })

export async function POST(request: NextRequest) {
  const limited = rateLimited(request, 1)
  if (limited) return limited
  const body = await readJsonBody(request)
  if (!body.ok) return body.response
  const shape = bodySchema.safeParse(body.value)
  if (!shape.success) return invalidScenario(['the body must be { "scenario": { … } }'])
  const parsed = parseScenario(shape.data.scenario)
  if (!parsed.ok) return invalidScenario(parsed.problems)
  return Response.json(await runForSandbox(parsed.scenario))
}
