// POST /api/sandbox/compare { scenario, other } → both runs and "1 charge vs 2".
import type { NextRequest } from 'next/server'
import { z } from 'zod'
import { parseScenario } from '@/lib/engine'
import { invalidScenario, readSandboxRequest } from '@/lib/sandbox/http'
import { compareForSandbox } from '@/lib/sandbox/run'

const bodySchema = z.strictObject({ scenario: z.unknown(), other: z.unknown() })
const shapeProblem = 'the body must be { "scenario": { … }, "other": { … } }'

export async function POST(request: NextRequest) {
  const body = await readSandboxRequest(request, { cost: 2, schema: bodySchema, shapeProblem })
  if (!body.ok) return body.response
  const a = parseScenario(body.value.scenario)
  if (!a.ok) return invalidScenario(a.problems)
  const b = parseScenario(body.value.other)
  if (!b.ok) return invalidScenario(b.problems.map((p) => `other: ${p}`))
  return Response.json(await compareForSandbox(a.scenario, b.scenario))
}
