// The sandbox routes' answers for a scenario the simulator cannot run: one
// invalid-scenario 400 listing what is wrong. Same origin, the simulator limit, the
// size-capped body and its shape are the route wrapper's (lib/http/route.ts).
import { issueLine } from '@/lib/http/issues'
import { problemResponse } from '@/lib/http/problems'
import type { InvalidBody } from '@/lib/http/route'

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
