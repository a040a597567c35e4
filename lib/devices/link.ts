// Your learner on another device (there is no login): this device makes a one-time code,
// the other redeems it on /link and adopts the same learner. Time and randomness passed in.
import type { Sqlite } from '@/db/open'
import { type DeviceRecord, deviceQueries } from '@/db/queries/devices'
import { LINK_CODE_TTL_MS, linkCodeFrom, linkCodeHash, matchLinkCode, normalizeLinkCode } from './link-code'

/** Codes older than this are deleted; until then a late try is told "expired", not "wrong". */
const KEEP_CODES_MS = 24 * 60 * 60_000

export function createLinkCode(
  sqlite: Sqlite,
  {
    learnerId,
    nowMs,
    randomBytes,
  }: { learnerId: string; nowMs: number; randomBytes: (n: number) => Uint8Array },
): { code: string; expiresAtMs: number } {
  const code = linkCodeFrom(randomBytes(5))
  const expiresAtMs = nowMs + LINK_CODE_TTL_MS
  const q = deviceQueries(sqlite)
  sqlite.transaction(() => {
    q.deleteLinkCodesCreatedBefore({ beforeMs: nowMs - KEEP_CODES_MS })
    q.insertLinkCode({
      learnerId,
      codeHash: linkCodeHash(code).toString('hex'),
      createdAtMs: nowMs,
      expiresAtMs,
    })
  })()
  return { code, expiresAtMs }
}

export type RedeemResult =
  | { kind: 'linked'; learnerId: string }
  | { kind: 'malformed' }
  | { kind: 'unknown' }
  | { kind: 'expired' }
  | { kind: 'used' }

/** Redeems a typed code once: the first caller wins (a conditional update); a second try is "used". */
export function redeemLinkCode(
  sqlite: Sqlite,
  { typed, nowMs }: { typed: string; nowMs: number },
): RedeemResult {
  const code = normalizeLinkCode(typed)
  if (!code) return { kind: 'malformed' }
  const q = deviceQueries(sqlite)
  return sqlite
    .transaction((): RedeemResult => {
      const row = matchLinkCode(code, q.listLinkCodesSince({ sinceMs: nowMs - KEEP_CODES_MS }))
      if (!row) return { kind: 'unknown' }
      if (row.usedAtMs !== null) return { kind: 'used' }
      if (row.expiresAtMs <= nowMs) return { kind: 'expired' }
      if (!q.claimLinkCode({ id: row.id, nowMs })) return { kind: 'used' }
      return { kind: 'linked', learnerId: row.learnerId }
    })
    .immediate()
}

export function rememberDevice(sqlite: Sqlite, device: DeviceRecord): void {
  deviceQueries(sqlite).saveDevice(device)
}

export function devicesOf(sqlite: Sqlite, learnerId: string): DeviceRecord[] {
  return deviceQueries(sqlite).listDevicesByLearnerId({ learnerId })
}

export function forgetDevice(
  sqlite: Sqlite,
  { learnerId, deviceId }: { learnerId: string; deviceId: string },
) {
  return deviceQueries(sqlite).deleteDevice({ learnerId, deviceId })
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
