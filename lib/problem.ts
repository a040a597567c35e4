// RFC 9457 problem details. Plain TypeScript: the engine uses it for the bodies it
// stores (409, 422), the routes for everything else (400, 401, 404, 413, 415, 429).

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

/** A problem as an HTTP response (Web `Response`, usable from any route handler). */
export function problemResponse(p: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(p), {
    status: p.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...headers },
  })
}
