// The sandbox routes' answers for a scenario the simulator cannot run: one
// invalid-scenario 400 listing what is wrong; and their draw from the `sandbox` limit,
// which counts only the runs not already in memory (so it is taken once the scenarios
// are known, after the body). Same origin, the size-capped body and its shape are the
// route wrapper's (lib/http/route.ts).
import type { Scenario } from '@/lib/engine'
import { rateLimit } from '@/lib/http/edge'
import { issueLine } from '@/lib/http/issues'
import { problemResponse } from '@/lib/http/problems'
import type { InvalidBody } from '@/lib/http/route'
import { uncachedRuns } from './run-cache'

/** 429 when the caller's sandbox budget cannot pay for these scenarios' new runs; null to go on. */
export async function limitSandboxRuns(
  request: Request,
  scenarios: readonly Scenario[],
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
