// EngineResponse → HTTP Response, one to one: the exact body bytes, and the headers
// the contract names (Idempotent-Replayed, Retry-After, Location).
import type { EngineResponse } from '@/lib/engine'

export function toHttpResponse(result: EngineResponse, extraHeaders: Record<string, string> = {}): Response {
  const headers = new Headers({
    'content-type': result.contentType,
    'cache-control': 'no-store',
    ...extraHeaders,
  })
  if (result.replayed) headers.set('idempotent-replayed', 'true')
  if (result.retryAfterS !== undefined)
    headers.set('retry-after', String(Math.max(1, Math.ceil(result.retryAfterS))))
  if (result.location) headers.set('location', result.location)
  return new Response(result.body, { status: result.status, headers })
}

/** RFC 7240: say which wait the server honoured, so a client knows it was held. */
export function preferenceApplied(waitMs: number | undefined): Record<string, string> {
  return waitMs === undefined ? {} : { 'preference-applied': `wait=${Math.round(waitMs / 1000)}` }
}
