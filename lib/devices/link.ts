// Your learner on another device (there is no login): this device makes a one-time code,
// the other redeems it on /link and adopts the same learner. Time and randomness passed in.
import { type DeviceRecord, deviceQueries } from '@/db/queries/devices'
import type { Db } from '@/db/sql/db'
import { LINK_CODE_TTL_MS, linkCodeFrom, linkCodeHash, matchLinkCode, normalizeLinkCode } from './link-code'

/** Codes older than this are deleted; until then a late try is told "expired", not "wrong". */
const KEEP_CODES_MS = 24 * 60 * 60_000

export async function createLinkCode(
  db: Db,
  {
    learnerId,
    nowMs,
    randomBytes,
  }: { learnerId: string; nowMs: number; randomBytes: (n: number) => Uint8Array },
): Promise<{ code: string; expiresAtMs: number }> {
  const code = linkCodeFrom(randomBytes(5))
  const codeHash = linkCodeHash(code).toString('hex')
  const expiresAtMs = nowMs + LINK_CODE_TTL_MS
  await db.transaction(
    async (tx) => {
      const q = deviceQueries(tx)
      await q.deleteLinkCodesCreatedBefore({ beforeMs: nowMs - KEEP_CODES_MS })
      await q.insertLinkCode({ learnerId, codeHash, createdAtMs: nowMs, expiresAtMs })
    },
    { lockKey: learnerId },
  )
  return { code, expiresAtMs }
}

export type RedeemResult =
  | { kind: 'linked'; learnerId: string }
  | { kind: 'malformed' }
  | { kind: 'unknown' }
  | { kind: 'expired' }
  | { kind: 'used' }

/**
 * Redeems a typed code once: the first caller wins (a conditional update, the arbiter on every
 * instance, since the code's learner is not known before the code is matched); a second try is "used".
 */
export function redeemLinkCode(
  db: Db,
  { typed, nowMs }: { typed: string; nowMs: number },
): Promise<RedeemResult> {
  const code = normalizeLinkCode(typed)
  if (!code) return Promise.resolve({ kind: 'malformed' })
  return db.transaction(async (tx): Promise<RedeemResult> => {
    const q = deviceQueries(tx)
    const row = matchLinkCode(code, await q.listLinkCodesSince({ sinceMs: nowMs - KEEP_CODES_MS }))
    if (!row) return { kind: 'unknown' }
    if (row.usedAtMs !== null) return { kind: 'used' }
    if (row.expiresAtMs <= nowMs) return { kind: 'expired' }
    if (!(await q.claimLinkCode({ id: row.id, nowMs }))) return { kind: 'used' }
    return { kind: 'linked', learnerId: row.learnerId }
  })
}

export function rememberDevice(db: Db, device: DeviceRecord): Promise<void> {
  return deviceQueries(db).saveDevice(device)
}

export function devicesOf(db: Db, learnerId: string): Promise<DeviceRecord[]> {
  return deviceQueries(db).listDevicesByLearnerId({ learnerId })
}

export function forgetDevice(db: Db, { learnerId, deviceId }: { learnerId: string; deviceId: string }) {
  return deviceQueries(db).deleteDevice({ learnerId, deviceId })
}

/** "Chrome on Android", "Safari on iPhone", "Firefox on Linux" … from a user agent; "A browser" otherwise. */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent ?? ''
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\/|Chromium\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'A browser'
  const system = /iPhone/.test(ua)
    ? 'iPhone'
    : /iPad/.test(ua)
      ? 'iPad'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X/.test(ua)
          ? 'Mac'
          : /Windows/.test(ua)
            ? 'Windows'
            : /Linux/.test(ua)
              ? 'Linux'
              : null
  return system ? `${browser} on ${system}` : browser
}
