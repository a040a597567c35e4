// The one problem catalogue for every route: a typed code → its RFC 9457 slug, title
// and status. One slug per kind of failure, wherever it happens (live API, sandbox,
// import, grading). The engine builds its own stored 409/422 bodies (e.g.
// /problems/idempotency-key-reused) through lib/problem.ts; nothing here renames them.
import { type Problem, problem, problemResponse as toResponse } from '@/lib/problem'

export const problemCatalogue = {
  'malformed-body': { title: 'Malformed body', status: 400 },
  'invalid-idempotency-key': { title: 'Invalid Idempotency-Key', status: 400 },
  'invalid-scenario': { title: 'Invalid scenario', status: 400 },
  'invalid-export': { title: 'Invalid export request', status: 400 },
  'unsupported-export-format': { title: 'Unsupported export format', status: 400 },
  'invalid-import': { title: 'Invalid import', status: 400 },
  'invalid-card-import': { title: 'Invalid card import', status: 400 },
  'invalid-card-file': { title: 'Card file refused', status: 400 },
  'invalid-grade': { title: 'Invalid grade', status: 400 },
  'invalid-query': { title: 'Invalid query', status: 400 },
  'invalid-optimize-request': { title: 'Invalid optimize request', status: 400 },
  'not-enough-history': { title: 'Not enough review history', status: 422 },
  'invalid-history': { title: 'Review history unusable', status: 422 },
  'optimizer-busy': { title: 'Optimizer busy', status: 503 },
  'optimizer-failed': { title: 'Optimizer failed', status: 500 },
  unauthorized: { title: 'Unauthorized', status: 401 },
  'no-learner': { title: 'No learner', status: 401 },
  'cross-origin': { title: 'Cross-origin request refused', status: 403 },
  'not-found': { title: 'Not found', status: 404 },
  'card-not-found': { title: 'Card not found', status: 404 },
  'card-not-due': { title: 'Card not due', status: 409 },
  'no-interview-ahead': { title: 'No interview ahead', status: 409 },
  'body-too-large': { title: 'Body too large', status: 413 },
  'unsupported-media-type': { title: 'Unsupported media type', status: 415 },
  'attempt-token-reused': { title: 'Attempt token reused', status: 422 },
  'rate-limited': { title: 'Too many requests', status: 429 },
  'internal-error': { title: 'Internal error', status: 500 },
} as const satisfies Record<string, { title: string; status: number }>

export type ProblemCode = keyof typeof problemCatalogue

export function problemOf(
  code: ProblemCode,
  detail: string,
  extra: Record<string, unknown> = {},
  title: string = problemCatalogue[code].title,
): Problem {
  return problem(code, title, problemCatalogue[code].status, detail, extra)
}

/** The problem as a ready `Response` (application/problem+json, no-store). */
export function problemResponse(
  code: ProblemCode,
  detail: string,
  {
    extra = {},
    headers = {},
    title,
  }: { extra?: Record<string, unknown>; headers?: Record<string, string>; title?: string } = {},
): Response {
  return toResponse(problemOf(code, detail, extra, title), { 'cache-control': 'no-store', ...headers })
}

export type { Problem }
