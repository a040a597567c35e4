// RFC 9457 problem details for the bodies the engine stores (409, 422). The app's
// routes say no through lib/http/problems.ts, which keeps the same shape.

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
