// Next 16's request proxy (formerly middleware). Three jobs:
// - gives every visitor an anonymous learner id in an httpOnly cookie on first visit, and
//   forwards it on that same request so server components see it at once (marked as new,
//   so limits treat the request as cookieless);
// - rate-limits page loads that would start a simulator run (lib/http/page-limits.ts): a
//   refused navigation gets the page's limited notice (status 429 with Retry-After), any
//   other refused request the 429 problem;
// - gives every page a fresh CSP nonce (lib/http/security-headers.ts), on the request for
//   Next to stamp on its scripts and on the response for the browser to enforce.
import { type NextRequest, NextResponse } from 'next/server'
import { NEW_LEARNER_HEADER } from '@/lib/http/client'
import { isNavigation, LIMITED_HEADER, limitPageRun, STATUS_HEADER } from '@/lib/http/page-limits'
import { isPagePath, pageSecurity } from '@/lib/http/security-headers'
import { isLearnerId, LEARNER_COOKIE, LEARNER_COOKIE_MAX_AGE_S } from '@/lib/learner-cookie'
import { isSandboxPageCached, sandboxPageKey } from '@/lib/sandbox/run-memory'

const sandboxRunIsCached = (params: URLSearchParams) =>
  isSandboxPageCached(sandboxPageKey({ s: params.get('s'), scenario: params.get('scenario') }))

export async function proxy(request: NextRequest) {
  const https = request.nextUrl.protocol === 'https:'
  const page = isPagePath(request.nextUrl.pathname)
    ? pageSecurity({ dev: process.env.NODE_ENV === 'development', https })
    : null
  if (page) request.headers.set('Content-Security-Policy', page.csp)

  const existing = request.cookies.get(LEARNER_COOKIE)?.value
  const learnerId = existing && isLearnerId(existing) ? null : crypto.randomUUID()
  if (learnerId) request.headers.set(NEW_LEARNER_HEADER, '1')
  const limited = await limitPageRun(request, sandboxRunIsCached)
  if (limited) {
    if (!page || !isNavigation(request)) return limited.problem
    return limitedPage(request, page.csp, limited.retryAfterS)
  }
  if (learnerId) request.cookies.set(LEARNER_COOKIE, learnerId)

  const response = NextResponse.next({ request: { headers: request.headers } })
  if (page) response.headers.set('Content-Security-Policy', page.csp)
  if (learnerId)
    response.cookies.set(LEARNER_COOKIE, learnerId, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: LEARNER_COOKIE_MAX_AGE_S,
      secure: https,
    })
  return response
}

/**
 * The page goes on to render, told by LIMITED_HEADER to show the limited notice instead of
 * running anything; scripts/server.ts sends it as 429 (STATUS_HEADER), with Retry-After
 * and the page CSP. (Not a rewrite: under a custom server Next treats a rewrite to its
 * own origin as an external one.)
 */
function limitedPage(request: NextRequest, csp: string, retryAfterS: number): NextResponse {
  request.headers.set(LIMITED_HEADER, String(retryAfterS))
  const response = NextResponse.next({ request: { headers: request.headers } })
  response.headers.set('Content-Security-Policy', csp)
  response.headers.set('Retry-After', String(retryAfterS))
  response.headers.set(STATUS_HEADER, '429')
  return response
}

export const config = {
  // Pages and the study/sandbox APIs; not static assets, not the curl-able payments API
  // (next.config.ts gives those their security headers). Nor the Anki upload: behind a
  // proxy Next buffers the whole body in memory (and cuts it at proxyClientMaxBodySize);
  // that route streams its 100 MB cap to disk and gives a new visitor its cookie itself.
  matcher: [
    '/((?!_next/|favicon|api/payments|api/accounts|api/provider|api/idempotency-keys|api/own-cards/import-anki|voice/).*)',
  ],
}
