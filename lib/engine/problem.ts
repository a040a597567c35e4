// RFC 9457 problem details. Plain TypeScript: the engine uses it for the bodies it
// stores (409, 422), the routes (through lib/problem.ts) for everything else.

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

export interface Problem {
  /** A URI reference naming the problem type; ours are '/problems/<slug>'. */
  type: string
  title: string
  status: number
  detail: string
  [extension: string]: unknown
}

export function problemType(slug: string): string {
  return `/problems/${slug}`
}

export function problem(
  slug: string,
  title: string,
  status: number,
  detail: string,
  extra: Record<string, unknown> = {},
): Problem {
  return { type: problemType(slug), title, status, detail, ...extra }
}
