// The payments API's use of the HTTP edge (lib/http): who the caller is (bearer
// key), the route options of a state-changing call, then an idempotent POST (key,
// JSON body, Prefer: wait). Failures come back as refusals holding ready problem
// responses, so the route handlers stay parse → call → map.
import 'server-only'
import type { PrefetchedKeyRow } from '@/db/engine-store-pg'
import { hashApiKey } from '@/db/seed'
import { API_BODY_BYTES, readJsonBody } from '@/lib/http/body'
import { clientAddress } from '@/lib/http/client'
import { limitedResponse, refuseCrossOrigin } from '@/lib/http/edge'
import { limitBuckets } from '@/lib/http/limits'
import { type Checked, problemResponse, refusal } from '@/lib/http/problems'
import type { RouteOptions } from '@/lib/http/route'
import { parseBearer, parseIdempotencyKey, parsePreferWaitS } from './headers'
import { live, liveData } from './live'

export type ApiCaller = {
  accountId: number
  /** The payments limit was already taken with the caller (PostgreSQL's one-trip admission). */
  limitTaken?: true
  /** The Idempotency-Key's row as the admission read it, for the engine's first read of it. */
  keyRow?: PrefetchedKeyRow
}

const unauthorized = () =>
  refusal(
    problemResponse(
      'unauthorized',
      'Send Authorization: Bearer <apiKey> with a key from POST /api/accounts.',
    ),
  )

/** 401 problem unless the request carries `Authorization: Bearer <a known key>`. */
export async function authenticate(req: Request): Promise<Checked<ApiCaller>> {
  const apiKey = parseBearer(req.headers.get('authorization'))
  const accountId = apiKey === null ? null : await liveData().accountIdForApiKey(apiKey)
  if (accountId === null) return unauthorized()
  return { ok: true, accountId }
}

/**
 * A write's caller. On PostgreSQL, a same-origin write's account, payments limit and key row come
 * from one statement (db/payment-admission-pg.ts), answered in the wrapper's order (401, then
 * 429); a replay then needs no other round trip. Otherwise (SQLite, or a cross-site request,
 * whose 403 must come before any take) the wrapper's separate steps, as for every route.
 */
async function admitWrite(req: Request): Promise<Checked<ApiCaller>> {
  const runtime = live()
  if (!runtime.admitPaymentWrite || refuseCrossOrigin(req)) return authenticate(req)
  const apiKey = parseBearer(req.headers.get('authorization'))
  if (apiKey === null) return unauthorized()
  const key = parseIdempotencyKey(req.headers.get('idempotency-key'))
  // The account's bucket is `payments:subject:account:<id>`, as the wrapper's step names it: its id completed in SQL.
  const [account, address] = limitBuckets('payments', { subject: 'account:', address: clientAddress(req) })
  const admitted = await runtime.admitPaymentWrite({
    apiKeyHash: hashApiKey(apiKey),
    buckets: [{ ...account!, perAccount: true }, address!],
    cost: 1,
    nowMs: Date.now(),
    key: key.ok ? key.key : null,
  })
  if (admitted.accountId === null) return unauthorized()
  const limited = limitedResponse('payments', admitted.take)
  if (limited) return refusal(limited)
  return { ok: true, accountId: admitted.accountId, limitTaken: true, keyRow: admitted.keyRow }
}

/**
 * The engine's call, with the admission's key row as its first read of the key (PostgreSQL); a
 * call that throws (a lost connection) hands back the leases it won, so a retry takes over at once.
 */
export function withAdmittedKey<T>(caller: ApiCaller, step: () => Promise<T>): Promise<T> {
  const runtime = live()
  const admitted = () =>
    caller.keyRow && runtime.withAdmittedKey ? runtime.withAdmittedKey(caller.keyRow, step) : step()
  return runtime.standingDownOnThrow ? runtime.standingDownOnThrow(admitted) : admitted()
}

/** A read of the calling account's own rows: a known key. */
export const paymentRead: RouteOptions<ApiCaller> = { caller: authenticate }

/**
 * The gate in front of every state-changing payments call: a known key, not a
 * cross-site browser, and within the account's and the address's limits. It runs
 * before the key is claimed, so a 429 leaves the Idempotency-Key free.
 */
export const paymentWrite: RouteOptions<ApiCaller> = {
  caller: admitWrite,
  sameOrigin: true,
  limit: (_request, { accountId, limitTaken }) =>
    limitTaken ? null : { name: 'payments', subject: `account:${accountId}` },
}

export interface IdempotentPost {
  key: string
  body: unknown
  /** From `Prefer: wait=N` (N ≤ 10 s); undefined when the client did not ask to wait. */
  waitMs?: number
}

/** Idempotency-Key (400), content type (415), size (413), JSON (400); the engine validates the body itself. */
export async function readIdempotentPost(req: Request): Promise<Checked<IdempotentPost>> {
  const key = parseIdempotencyKey(req.headers.get('idempotency-key'))
  if (!key.ok) return refusal(problemResponse('invalid-idempotency-key', key.detail))
  const body = await readJsonBody(req, API_BODY_BYTES)
  if (!body.ok) return body
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

export function paymentNotFound(): Response {
  return problemResponse('not-found', 'No payment with that id for this account.')
}
