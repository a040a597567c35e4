// The cookies of a linked device: the learner it adopted and its own device id. Server
// only (next/headers); set from the server actions of /settings and /link.
import 'server-only'
import { cookies, headers } from 'next/headers'
import { DEVICE_COOKIE, isLearnerId, LEARNER_COOKIE, LEARNER_COOKIE_MAX_AGE_S } from '@/lib/learner-cookie'

async function cookieOptions() {
  const https = (await headers()).get('x-forwarded-proto')?.includes('https') ?? false
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    maxAge: LEARNER_COOKIE_MAX_AGE_S,
    secure: https,
  }
}

/** This browser's device id, or null before it made or redeemed a link code. */
export async function currentDeviceId(): Promise<string | null> {
  const value = (await cookies()).get(DEVICE_COOKIE)?.value
  return value && isLearnerId(value) ? value : null
}

/** This browser becomes `learnerId`'s device `deviceId`. */
export async function adoptLearner(learnerId: string, deviceId: string): Promise<void> {
  const jar = await cookies()
  const options = await cookieOptions()
  jar.set(LEARNER_COOKIE, learnerId, options)
  jar.set(DEVICE_COOKIE, deviceId, options)
}

export async function rememberDeviceId(deviceId: string): Promise<void> {
  ;(await cookies()).set(DEVICE_COOKIE, deviceId, await cookieOptions())
}

/** Signs this browser out: it forgets the learner and its device id (the next page makes a new learner). */
export async function forgetLearnerHere(): Promise<void> {
  const jar = await cookies()
  jar.delete(LEARNER_COOKIE)
  jar.delete(DEVICE_COOKIE)
}
