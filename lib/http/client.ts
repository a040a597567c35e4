// Who is asking: the client address and the learner, as the edge can trust them.
//
// The address comes from the socket. Route handlers cannot see the socket, so
// scripts/server.ts (the production server) removes every incoming `x-drill-*`
// header and sets CLIENT_ADDRESS_HEADER from `socket.remoteAddress` (or, only when
// DRILL_TRUST_PROXY names the proxy it came through, from X-Forwarded-For). A
// client cannot forge it. Under `next dev` there is no such server: every request
// shares the address "unknown", which only makes limits stricter.
import { isLearnerId, LEARNER_COOKIE } from '@/lib/learner-cookie'

export const CLIENT_ADDRESS_HEADER = 'x-drill-client-address'
/** Set by proxy.ts when it minted the learner id on this very request (no cookie came in). */
export const NEW_LEARNER_HEADER = 'x-drill-new-learner'
/**
 * Set only by scripts/server.ts on the requests it sends itself before it listens (the
 * warm-up): they build the caches every visitor then shares, and count against no limit.
 */
export const WARM_UP_HEADER = 'x-drill-warm-up'
/** Every internal header shares this prefix, so the server can strip forged ones in one rule. */
export const INTERNAL_HEADER_PREFIX = 'x-drill-'

/** Anything with request headers: a Web `Request`, a `NextRequest`, or `{ headers: await headers() }` in a server action. */
export type HasHeaders = { headers: { get(name: string): string | null } }

export function clientAddress(req: HasHeaders): string {
  return req.headers.get(CLIENT_ADDRESS_HEADER) || 'unknown'
}

/** One cookie's value from a Cookie header; malformed pairs are skipped, never thrown on. */
export function cookieValue(header: string | null, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0) continue
    if (part.slice(0, eq).trim() !== name) continue
    const raw = part.slice(eq + 1).trim()
    try {
      return decodeURIComponent(raw)
    } catch {
      return undefined
    }
  }
  return undefined
}

/**
 * The learner who sent this request, or null for a request that came without a
 * (well-formed) learner cookie — also when proxy.ts minted one just now. Such
 * requests share the address's anonymous bucket, so dropping the cookie starts
 * no new bucket.
 */
export function requestLearner(req: HasHeaders): string | null {
  if (req.headers.get(NEW_LEARNER_HEADER) === '1') return null
  const value = cookieValue(req.headers.get('cookie'), LEARNER_COOKIE)
  return value && isLearnerId(value) ? value : null
}
