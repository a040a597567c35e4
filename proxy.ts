// Next 16's request proxy (formerly middleware): gives every visitor an anonymous
// learner id in an httpOnly cookie on first visit, and forwards it on that same
// request so server components see it at once (marked as new, so limits treat the
// request as cookieless). Pages that run the simulator on GET are rate-limited here.
import { type NextRequest, NextResponse } from 'next/server'
import { NEW_LEARNER_HEADER } from '@/lib/http/client'
import { limitPageRun } from '@/lib/http/page-limits'
import { isLearnerId, LEARNER_COOKIE, LEARNER_COOKIE_MAX_AGE_S } from '@/lib/learner-cookie'

export function proxy(request: NextRequest) {
  const existing = request.cookies.get(LEARNER_COOKIE)?.value
  const hasLearner = existing !== undefined && isLearnerId(existing)
  if (!hasLearner) request.headers.set(NEW_LEARNER_HEADER, '1')
  const limited = limitPageRun(request)
  if (limited) return limited
  if (hasLearner) return NextResponse.next()

  const learnerId = crypto.randomUUID()
  request.cookies.set(LEARNER_COOKIE, learnerId)
  const response = NextResponse.next({ request: { headers: request.headers } })
  response.cookies.set(LEARNER_COOKIE, learnerId, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: LEARNER_COOKIE_MAX_AGE_S,
    secure: request.nextUrl.protocol === 'https:',
  })
  return response
}

export const config = {
  // Pages and the study/sandbox APIs; not static assets, not the curl-able payments API.
  matcher: ['/((?!_next/|favicon|api/payments|api/accounts|api/provider|api/idempotency-keys|api/bench).*)'],
}
