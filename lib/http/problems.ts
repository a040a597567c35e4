// The one way the app says no over HTTP: RFC 9457 problem details from a typed
// catalogue (code → slug, title, status), one slug per kind of failure wherever it
// happens (live API, sandbox, import, grading, proxy.ts). The engine builds its own
// stored 409/422 bodies (e.g. /problems/idempotency-key-reused) inside lib/engine,
// which may import nothing from here; nothing here renames them.

export const PROBLEM_CONTENT_TYPE = 'application/problem+json'

export const problemCatalogue = {
  'malformed-body': { title: 'Malformed body', status: 400 },
  'invalid-idempotency-key': { title: 'Invalid Idempotency-Key', status: 400 },
  'invalid-scenario': { title: 'Invalid scenario', status: 400 },
  'invalid-export': { title: 'Invalid export request', status: 400 },
  'unsupported-export-format': { title: 'Unsupported export format', status: 400 },
  'invalid-import': { title: 'Invalid import', status: 400 },
  'invalid-card-import': { title: 'Invalid card import', status: 400 },
  'invalid-card-file': { title: 'Card file refused', status: 400 },
  'invalid-anki-file': { title: 'Anki file refused', status: 400 },
  'anki-file-over-limit': { title: 'Anki file over a limit', status: 422 },
  // Only a client that left can cause it, so nobody reads it: 499 is the access logs' "client closed request".
  'anki-import-cancelled': { title: 'Anki import cancelled', status: 499 },
  'invalid-grade': { title: 'Invalid grade', status: 400 },
  'invalid-grade-suggestion': { title: 'Invalid grade suggestion request', status: 400 },
  'invalid-query': { title: 'Invalid query', status: 400 },
  'invalid-optimize-request': { title: 'Invalid optimize request', status: 400 },
  'not-enough-history': { title: 'Not enough review history', status: 422 },
  'invalid-history': { title: 'Review history unusable', status: 422 },
  'optimizer-busy': { title: 'Optimizer busy', status: 503 },
  'database-unavailable': { title: 'Database unavailable', status: 503 },
  'optimizer-failed': { title: 'Optimizer failed', status: 500 },
  unauthorized: { title: 'Unauthorized', status: 401 },
  'no-learner': { title: 'No learner', status: 401 },
  'cross-origin': { title: 'Cross-origin request refused', status: 403 },
  'not-found': { title: 'Not found', status: 404 },
  'card-not-found': { title: 'Card not found', status: 404 },
  'card-not-due': { title: 'Card not due', status: 409 },
  'invalid-mock': { title: 'Invalid mock interview', status: 400 },
  'mock-not-found': { title: 'Mock interview not found', status: 404 },
  'card-not-in-mock': { title: 'Card not asked in this mock interview', status: 422 },
  'no-interview-ahead': { title: 'No interview ahead', status: 409 },
  'body-too-large': { title: 'Body too large', status: 413 },
  'unsupported-media-type': { title: 'Unsupported media type', status: 415 },
  'attempt-token-reused': { title: 'Attempt token reused', status: 422 },
  'grade-key-reused': { title: 'Idempotency key reused with a different grade', status: 422 },
  'grade-key-in-flight': { title: 'Grade with this key still in flight', status: 409 },
  'invalid-lock-request': { title: 'Invalid lock request', status: 400 },
  'invalid-fencing-token': { title: 'Invalid fencing token', status: 400 },
  'lock-not-found': { title: 'Lock not found', status: 404 },
  'lock-held': { title: 'Lock held by another lease', status: 409 },
  'lease-lost': { title: 'Lease no longer held', status: 409 },
  'stale-fencing-token': { title: 'Fencing token lower than one already accepted', status: 409 },
  'rate-limited': { title: 'Too many requests', status: 429 },
  'internal-error': { title: 'Internal error', status: 500 },
} as const satisfies Record<string, { title: string; status: number }>

export type ProblemCode = keyof typeof problemCatalogue

/** An RFC 9457 body: `type` is '/problems/<slug>'; extensions sit beside the standard members. */
export interface Problem {
  type: string
  title: string
  status: number
  detail: string
  [extension: string]: unknown
}

/** The problem body itself (a stream that reports a failure in-band sends it as a line). */
export function problemOf(
  code: ProblemCode,
  detail: string,
  extra: Record<string, unknown> = {},
  title: string = problemCatalogue[code].title,
): Problem {
  return { type: `/problems/${code}`, title, status: problemCatalogue[code].status, detail, ...extra }
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
  const body = problemOf(code, detail, extra, title)
  return new Response(JSON.stringify(body), {
    status: body.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, 'cache-control': 'no-store', ...headers },
  })
}

/** A check that said no: the ready problem response to send. */
export type Refusal = { ok: false; response: Response }

/**
 * What every edge check returns: what it found, or the refusal. One shape for the
 * body reader, the payments API's authentication and idempotent POST, and the
 * route wrapper's steps.
 */
export type Checked<T extends object> = ({ ok: true } & T) | Refusal

export function refusal(response: Response): Refusal {
  return { ok: false, response }
}
