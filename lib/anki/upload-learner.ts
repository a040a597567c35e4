// The learner an Anki upload is for. The route runs outside proxy.ts (which would
// buffer a 100 MB body in memory), so a first-time visitor — say, curl without a
// cookie — gets their learner id here, the way proxy.ts gives it everywhere else.
import 'server-only'
import { cookies } from 'next/headers'
import { isLearnerId, LEARNER_COOKIE, LEARNER_COOKIE_MAX_AGE_S } from '@/lib/learner-cookie'

export async function uploadLearnerId(request: Request): Promise<string> {
  const jar = await cookies()
  const existing = jar.get(LEARNER_COOKIE)?.value
  if (existing && isLearnerId(existing)) return existing
  const learnerId = crypto.randomUUID()
  jar.set(LEARNER_COOKIE, learnerId, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: LEARNER_COOKIE_MAX_AGE_S,
    secure: new URL(request.url).protocol === 'https:',
  })
  return learnerId
}
