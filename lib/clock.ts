// "Now" for a request: the real clock, or — only when the server was started with
// DRILL_TEST_CLOCK=1 — the instant in the `drill-now` cookie, so end-to-end tests
// can step into the next study day. Without the env var the cookie is ignored.
import { cookies } from 'next/headers'

export const TEST_CLOCK_COOKIE = 'drill-now'

// Full ISO-8601 instant with a zone (Z or ±hh:mm); a bare date would be read as UTC midnight, a
// bare local time as the server's zone — both too easy to get wrong in a test.
const isoInstant = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/

export function isTestClockEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return env.DRILL_TEST_CLOCK === '1'
}

/** Pure core of `requestNowMs`, for tests: the cookie's instant when enabled and valid, else the system time. */
export function resolveNowMs({
  testClockEnabled,
  cookieValue,
  systemNowMs,
}: {
  testClockEnabled: boolean
  cookieValue: string | undefined
  systemNowMs: number
}): number {
  if (!testClockEnabled || !cookieValue) return systemNowMs
  let value: string
  try {
    value = decodeURIComponent(cookieValue)
  } catch {
    return systemNowMs // a malformed cookie is ignored, never a 500
  }
  if (!isoInstant.test(value)) return systemNowMs
  const ms = Date.parse(value)
  return Number.isFinite(ms) ? ms : systemNowMs
}

/** The current time for this request, in ms since the epoch. */
export async function requestNowMs(): Promise<number> {
  const enabled = isTestClockEnabled()
  const cookieValue = enabled ? (await cookies()).get(TEST_CLOCK_COOKIE)?.value : undefined
  return resolveNowMs({ testClockEnabled: enabled, cookieValue, systemNowMs: Date.now() })
}
