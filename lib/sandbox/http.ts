// The sandbox routes' use of the HTTP edge (lib/http): same origin, the simulator
// limit (per learner and per address), the size-capped JSON body, then its shape.
import type { z } from 'zod'
import { readJsonBody, SANDBOX_BODY_BYTES } from '@/lib/http/body'
import { rateLimit, refuseCrossOrigin } from '@/lib/http/edge'
import { problemResponse } from '@/lib/http/problems'

/** Largest request body the sandbox reads (a scenario is a few KB). */
export const MAX_BODY_BYTES = SANDBOX_BODY_BYTES

type HasHeaders = { headers: { get(name: string): string | null } }

/** null when the caller may run the simulator `cost` times; a 429 problem (with Retry-After) when not. */
export function rateLimited(request: HasHeaders, cost: number): Response | null {
  return rateLimit('sandbox', request, { cost })
}

export function invalidScenario(problems: string[]): Response {
  return problemResponse(
    'invalid-scenario',
    `The scenario is not valid: ${problems.slice(0, 5).join('; ')}`,
    {
      extra: { problems: problems.slice(0, 20) },
    },
  )
}

/**
 * The start every sandbox POST shares: same origin, the rate limit, the size-capped
 * JSON body, then its shape. A wrong shape is an invalid-scenario 400 that says
 * `shapeProblem` when given, else lists zod's issues.
 */
export async function readSandboxRequest<Schema extends z.ZodType>(
  request: Request,
  { cost, schema, shapeProblem }: { cost: number; schema: Schema; shapeProblem?: string },
): Promise<{ ok: true; value: z.output<Schema> } | { ok: false; response: Response }> {
  const refused = refuseCrossOrigin(request) ?? rateLimited(request, cost)
  if (refused) return { ok: false, response: refused }
  const body = await readJsonBody(request, MAX_BODY_BYTES)
  if (!body.ok) return body
  const parsed = schema.safeParse(body.value)
  if (parsed.success) return { ok: true, value: parsed.data }
  const problems =
    shapeProblem !== undefined
      ? [shapeProblem]
      : parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
  return { ok: false, response: invalidScenario(problems) }
}
