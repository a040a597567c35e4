// The HTTP edge shared by the payments routes: authenticate, then read an
// idempotent POST (key, JSON body, Prefer: wait). Failures come back as ready
// problem responses, so the route handlers stay parse → call → map.
import 'server-only'
import { sqlite } from '@/db/client'
import { accountIdForApiKey } from './accounts'
import { readJsonBody } from './body'
import { parseBearer, parseIdempotencyKey, parsePreferWaitS } from './headers'
import { bodyProblem, problemResponse, problems } from './problems'

export type Parsed<T> = ({ ok: true } & T) | { ok: false; response: Response }

/** 401 problem unless the request carries `Authorization: Bearer <a known key>`. */
export function authenticate(req: Request): Parsed<{ accountId: number }> {
  const apiKey = parseBearer(req.headers.get('authorization'))
  const accountId = apiKey === null ? null : accountIdForApiKey(sqlite(), apiKey)
  if (accountId === null) return { ok: false, response: problemResponse(problems.unauthorized()) }
  return { ok: true, accountId }
}

export interface IdempotentPost {
  key: string
  body: unknown
  /** From `Prefer: wait=N` (N ≤ 10 s); undefined when the client did not ask to wait. */
  waitMs?: number
}

/** Idempotency-Key (400), content type (415), size (413), JSON (400); the engine validates the body itself. */
export async function readIdempotentPost(req: Request): Promise<Parsed<IdempotentPost>> {
  const key = parseIdempotencyKey(req.headers.get('idempotency-key'))
  if (!key.ok) return { ok: false, response: problemResponse(problems.invalidKey(key.detail)) }
  const body = await readJsonBody(req)
  if (!body.ok) return { ok: false, response: bodyProblem(body.reason, body.detail) }
  const waitS = parsePreferWaitS(req.headers.get('prefer'))
  return {
    ok: true,
    key: key.key,
    body: body.value,
    ...(waitS === undefined ? {} : { waitMs: waitS * 1000 }),
  }
}

/** A positive integer path id, or null (answered as 404: such a resource cannot exist). */
export function parseId(raw: string): number | null {
  if (!/^[1-9]\d{0,15}$/.test(raw)) return null
  const id = Number(raw)
  return Number.isSafeInteger(id) ? id : null
}
