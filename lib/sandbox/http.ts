// The sandbox routes' one set of route() options (same origin, the sandbox's body cap, the body's
// shape answered as an invalid-scenario 400); their answer for a scenario the simulator cannot run
// (one invalid-scenario 400 listing what is wrong); and their draw from the `sandbox` limit, which
// counts only the runs not already in memory (so it is taken once the scenarios are known, after
// the body). The checks themselves are the route wrapper's (lib/http/route.ts).
import type { z } from 'zod'
import { type AnyScenario, parseAnyScenario } from '@/lib/engine'
import { SANDBOX_BODY_BYTES } from '@/lib/http/body'
import { rateLimit } from '@/lib/http/edge'
import { issueLine } from '@/lib/http/issues'
import { type Checked, problemResponse, refusal } from '@/lib/http/problems'
import type { InvalidBody, RouteOptions } from '@/lib/http/route'
import { uncachedRuns } from './run-cache'

/**
 * route()'s options for a sandbox route: same origin, at most SANDBOX_BODY_BYTES, `schema`; a body
 * of the wrong shape says `shapeProblem` when given, else lists zod's issues.
 */
export function sandboxRoute<Schema extends z.ZodType>(
  schema: Schema,
  shapeProblem?: string,
): RouteOptions<undefined, { json: number }, Schema> {
  return {
    sameOrigin: true,
    body: { json: SANDBOX_BODY_BYTES },
    schema,
    invalid: invalidSandboxBody(shapeProblem),
  }
}

/**
 * The body's scenarios parsed (in the order named; a problem of any but the first is prefixed with
 * its name, "other: …"), then the limit drawn for their new runs: the scenarios, or the answer.
 */
export async function admitScenarios(
  request: Request,
  named: Record<string, unknown>,
): Promise<Checked<{ scenarios: AnyScenario[] }>> {
  const scenarios: AnyScenario[] = []
  for (const [index, [name, value]] of Object.entries(named).entries()) {
    const parsed = parseAnyScenario(value)
    if (!parsed.ok)
      return refusal(
        invalidScenario(index === 0 ? parsed.problems : parsed.problems.map((p) => `${name}: ${p}`)),
      )
    scenarios.push(parsed.scenario)
  }
  const limited = await limitSandboxRuns(request, scenarios)
  return limited ? refusal(limited) : { ok: true, scenarios }
}

/** 429 when the caller's sandbox budget cannot pay for these scenarios' new runs; null to go on. */
export async function limitSandboxRuns(
  request: Request,
  scenarios: readonly AnyScenario[],
): Promise<Response | null> {
  const cost = uncachedRuns(scenarios)
  return cost === 0 ? null : await rateLimit('sandbox', request, { cost })
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
 * A body of the wrong shape, as an invalid-scenario 400: it says `shapeProblem`
 * when given, else lists zod's issues ("(body)" for the body as a whole).
 */
export function invalidSandboxBody(shapeProblem?: string): InvalidBody {
  return (issues) =>
    invalidScenario(
      shapeProblem !== undefined ? [shapeProblem] : issues.map((issue) => issueLine(issue, '(body)')),
    )
}
