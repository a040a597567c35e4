// The checks every state-changing route runs before reading anything: same origin
// (403), then the caller's rate limit (429). Each returns null to go on, or the
// ready problem response.
import { clientAddress, type HasHeaders, requestLearner } from './client'
import { type LimitName, takeLimit } from './limits'
import { problemResponse } from './problems'
import type { TakeResult } from './rate-limit'

const limitDetail: Record<LimitName, string> = {
  sandbox: 'Too many simulator runs in a short time',
  pages: 'Too many new simulator runs from page views in a short time',
  accounts: 'Too many accounts created from this address',
  import: 'Too many imports in a short time',
  ankiImport: 'Too many Anki imports in a short time',
  grade: 'Too many grades in a short time',
  gradeSuggest: 'Too many grade suggestions in a short time',
  payments: 'Too many payment requests in a short time',
  link: 'Too many device-link tries from this address',
  locks: 'Too many lock requests in a short time',
}

/**
 * 403 for a request a browser sent from another site: `Sec-Fetch-Site` other than
 * same-origin/none, or an `Origin` whose host is not ours. curl sends neither, so
 * API clients are unaffected; a cross-site form or fetch cannot act for a learner.
 */
export function refuseCrossOrigin(req: HasHeaders): Response | null {
  const site = req.headers.get('sec-fetch-site')?.toLowerCase()
  const origin = req.headers.get('origin')
  let crossOrigin = site !== undefined && site !== 'same-origin' && site !== 'none'
  if (!crossOrigin && origin !== null) {
    try {
      crossOrigin = new URL(origin).host !== req.headers.get('host')
    } catch {
      crossOrigin = true // "null" or garbage: an opaque origin is not ours
    }
  }
  return crossOrigin
    ? problemResponse('cross-origin', 'This endpoint only accepts requests from Drill’s own pages.')
    : null
}

/**
 * 429 with Retry-After when `name`'s limit is spent for this caller; takes nothing then. Always a
 * Promise (the shared buckets on PostgreSQL are a round trip), so a caller that forgets `await`
 * fails to compile ("this condition will always return true") instead of refusing everyone.
 */
export async function rateLimit(
  name: LimitName,
  req: HasHeaders,
  { subject, cost = 1, nowMs = Date.now() }: { subject?: string | null; cost?: number; nowMs?: number } = {},
): Promise<Response | null> {
  const taken = takeLimit(name, {
    subject: subject === undefined ? requestLearner(req) : subject,
    address: clientAddress(req),
    cost,
    nowMs,
  })
  return limitedResponse(name, await taken)
}

/** Null for a take that was granted, else its 429 problem with Retry-After. */
export function limitedResponse(name: LimitName, taken: TakeResult): Response | null {
  if (taken.ok) return null
  return problemResponse('rate-limited', `${limitDetail[name]}; retry in ${taken.retryAfterS} s.`, {
    extra: { retryAfterS: taken.retryAfterS },
    headers: { 'retry-after': String(taken.retryAfterS) },
  })
}
