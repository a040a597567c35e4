// The lock service's use of the HTTP edge: the routes' options (the payments API's bearer key, same
// origin for writes, the `locks` limit per account), the path's lock name, the Fencing-Token header,
// and each outcome of lib/live/locks.ts as its response. Problems name the field at fault.
import 'server-only'
import { z } from 'zod'
import { API_BODY_BYTES } from '@/lib/http/body'
import { type Checked, problemResponse, refusal } from '@/lib/http/problems'
import type { RouteOptions } from '@/lib/http/route'
import { type ApiCaller, authenticate } from './http'
import type { LeaseOutcome, LockState, WriteOutcome } from './locks'

/** A lease lasts 100 ms to 10 minutes: long enough to see, short enough that a lost one comes back. */
export const LEASE_TTL_MS = { min: 100, max: 600_000 } as const

const LOCK_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
const TOKEN = /^[1-9]\d{0,15}$/

export const leaseBodySchema = z.strictObject({
  ttlMs: z.number().int().min(LEASE_TTL_MS.min).max(LEASE_TTL_MS.max),
})

const limitPerAccount = (_request: Request, { accountId }: ApiCaller) => ({
  name: 'locks' as const,
  subject: `account:${accountId}`,
})

/** A read of the account's own lock. */
export const lockRead: RouteOptions<ApiCaller> = { caller: authenticate, limit: limitPerAccount }

/** A write without a body (release). */
export const lockWrite: RouteOptions<ApiCaller> = { ...lockRead, sameOrigin: true }

/** The lease request: `{ "ttlMs": 100…600000 }`. */
export const leaseRequest = {
  ...lockWrite,
  body: { json: API_BODY_BYTES },
  schema: leaseBodySchema,
  invalid: 'invalid-lock-request' as const,
}

/** The storage write: any JSON body, kept as sent. */
export const valueWrite = { ...lockWrite, body: { json: API_BODY_BYTES } }

export type LockParams = { params: Promise<{ name: string }> }

export async function lockNameOf({ params }: LockParams): Promise<Checked<{ name: string }>> {
  const name = (await params).name
  if (LOCK_NAME.test(name)) return { ok: true, name }
  return refusal(
    problemResponse(
      'invalid-lock-request',
      'name: a lock name is 1–64 letters, digits, ".", "_" or "-", starting with a letter or digit.',
      { extra: { field: 'name' } },
    ),
  )
}

/** The Fencing-Token header as a positive integer; absent is `undefined` unless `required`. */
export function fencingTokenOf(request: Request, required: boolean): Checked<{ token: number | undefined }> {
  const raw = request.headers.get('fencing-token')
  if (raw === null && !required) return { ok: true, token: undefined }
  const token = raw !== null && TOKEN.test(raw.trim()) ? Number(raw.trim()) : Number.NaN
  if (Number.isSafeInteger(token)) return { ok: true, token }
  return refusal(
    problemResponse(
      'invalid-fencing-token',
      raw === null
        ? 'Fencing-Token: send the token your lease was granted with (POST /api/locks/{name}/lease).'
        : 'Fencing-Token: a token is a positive whole number, as the lease request returned it.',
      { extra: { field: 'Fencing-Token' } },
    ),
  )
}

const noStore = { 'cache-control': 'no-store' }
const iso = (ms: number) => new Date(ms).toISOString()

export function leaseResponse(name: string, outcome: LeaseOutcome, nowMs: number): Response {
  switch (outcome.kind) {
    case 'granted':
    case 'renewed':
      return Response.json(
        { name, token: outcome.token, leaseUntil: iso(outcome.leaseUntilMs) },
        { status: outcome.kind === 'granted' ? 201 : 200, headers: noStore },
      )
    case 'held':
      return problemResponse(
        'lock-held',
        `Another holder's lease on "${name}" runs until ${iso(outcome.leaseUntilMs)}.`,
        {
          extra: { leaseUntil: iso(outcome.leaseUntilMs) },
          headers: { 'retry-after': String(Math.max(1, Math.ceil((outcome.leaseUntilMs - nowMs) / 1000))) },
        },
      )
    case 'lost':
      return leaseLost(name, outcome.token, outcome.lastToken)
  }
}

export function leaseLost(name: string, token: number, lastToken: number | null): Response {
  return problemResponse(
    'lease-lost',
    `Token ${token} no longer holds a lease on "${name}": its lease ended or a later grant replaced it. Ask for a new lease.`,
    { extra: { token, lastToken } },
  )
}

export function writeResponse(name: string, outcome: WriteOutcome, value: unknown): Response {
  switch (outcome.kind) {
    case 'accepted':
      return Response.json({ name, token: outcome.token, value }, { headers: noStore })
    case 'stale':
      return problemResponse(
        'stale-fencing-token',
        `The storage already accepted a write with token ${outcome.acceptedToken}; token ${outcome.token} is older, so its holder lost the lock.`,
        { extra: { token: outcome.token, acceptedToken: outcome.acceptedToken } },
      )
    case 'unknown':
      return problemResponse(
        outcome.lastToken === null ? 'lock-not-found' : 'invalid-fencing-token',
        outcome.lastToken === null
          ? `No lock named "${name}" for this account: ask for a lease first.`
          : `Fencing-Token: "${name}" never granted token ${outcome.token} (its latest is ${outcome.lastToken}).`,
        { extra: { field: 'Fencing-Token', token: outcome.token, lastToken: outcome.lastToken } },
      )
  }
}

export function stateResponse(state: LockState | null, name: string): Response {
  if (!state) return problemResponse('lock-not-found', `No lock named "${name}" for this account.`)
  return Response.json(
    {
      name,
      token: state.lastToken,
      leaseUntil: iso(state.leaseUntilMs),
      held: state.held,
      acceptedToken: state.acceptedToken,
      value: state.value,
      valueAt: state.valueAtMs === null ? null : iso(state.valueAtMs),
    },
    { headers: noStore },
  )
}
