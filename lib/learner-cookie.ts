// The learner cookie's name and shape, shared by proxy.ts and server code.
export const LEARNER_COOKIE = 'drill-learner'
/** A linked device's own id (lib/devices): set when it made or redeemed a link code. */
export const DEVICE_COOKIE = 'drill-device'
export const LEARNER_COOKIE_MAX_AGE_S = 60 * 60 * 24 * 400

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

export function isLearnerId(value: string): boolean {
  return uuidPattern.test(value)
}
