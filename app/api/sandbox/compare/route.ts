// POST /api/sandbox/compare { scenario, other } → both runs and "1 charge vs 2".
import type { NextRequest } from 'next/server'
import { z } from 'zod'
import { parseScenario } from '@/lib/engine'
import { invalidScenario, rateLimited, readJsonBody } from '@/lib/sandbox/http'
import { compareForSandbox } from '@/lib/sandbox/run'

const bodySchema = z.strictObject({ scenario: z.unknown(), other: z.unknown() })

export async function POST(request: NextRequest) {
  const limited = rateLimited(request, 2)
  if (limited) return limited
  const body = await readJsonBody(request)
  if (!body.ok) return body.response
  const shape = bodySchema.safeParse(body.value)
  if (!shape.success) return invalidScenario(['the body must be { "scenario": { … }, "other": { … } }'])
  const a = parseScenario(shape.data.scenario)
  if (!a.ok) return invalidScenario(a.problems)
  const b = parseScenario(shape.data.other)
  if (!b.ok) return invalidScenario(b.problems.map((p) => `other: ${p}`))
  return Response.json(await compareForSandbox(a.scenario, b.scenario))
}
