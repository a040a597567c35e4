// RFC 9457 problem details for the routes: the builders live with the engine (it stores
// 409/422 bodies and may import nothing outside lib/engine); this adds the HTTP response.
import { PROBLEM_CONTENT_TYPE, type Problem } from './engine/client'

export { PROBLEM_CONTENT_TYPE, type Problem, problem, problemType } from './engine/client'

/** A problem as an HTTP response (Web `Response`, usable from any route handler). */
export function problemResponse(p: Problem, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(p), {
    status: p.status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE, ...headers },
  })
}
