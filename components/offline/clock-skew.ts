// How far this device's clock is from the server's, measured at each sync from the
// grade response's `Date` header (issue 38). Kept in localStorage, so /review can say it
// once and the sync status on every page can show it; the server never uses it — it
// corrects each review's time itself (lib/review/device-time.ts).

/** A device clock this far off is worth saying (Anki refuses to sync beyond it). */
export const CLOCK_SKEW_NOTICE_MS = 5 * 60_000

const SKEW_KEY = 'drill-clock-skew'
const SHOWN_KEY = 'drill-clock-skew-shown'
const CHANGED = 'drill-clock-skew-changed'

/** Device minus server, in ms (negative: the device is behind); null when the header says nothing. */
export function skewFrom(sentAtMs: number, receivedAtMs: number, dateHeader: string | null): number | null {
  const serverMs = dateHeader ? Date.parse(dateHeader) : Number.NaN
  if (!Number.isFinite(serverMs)) return null
  // The header has whole seconds: half a second, and half the round trip, are noise.
  return Math.round((sentAtMs + receivedAtMs) / 2 - (serverMs + 500))
}

/**
 * The server's time when its answer arrived: its `Date` (whole seconds, so half a second later on
 * average); without one, the device's time corrected by the last skew measured (none: as it is).
 */
export function serverTimeAt(
  receivedAtMs: number,
  dateHeader: string | null,
  lastSkewMs: number | null,
): number {
  const serverMs = dateHeader ? Date.parse(dateHeader) : Number.NaN
  return Number.isFinite(serverMs) ? serverMs + 500 : receivedAtMs - (lastSkewMs ?? 0)
}

/** The last skew measured, however small (null: none yet, or storage is off). */
export function lastClockSkew(): number | null {
  return read(SKEW_KEY)
}

function read(key: string): number | null {
  try {
    const value = Number(window.localStorage.getItem(key))
    return window.localStorage.getItem(key) === null || !Number.isFinite(value) ? null : value
  } catch {
    return null
  }
}

export function noteClockSkew(skewMs: number): void {
  try {
    window.localStorage.setItem(SKEW_KEY, String(skewMs))
  } catch {
    // Storage off: nothing to say later.
  }
  window.dispatchEvent(new Event(CHANGED))
}

/** The skew worth saying (over 5 minutes), or null. */
export function currentClockSkew(): number | null {
  const skew = read(SKEW_KEY)
  return skew !== null && Math.abs(skew) > CLOCK_SKEW_NOTICE_MS ? skew : null
}

/** Said once: true the first time for this skew (a skew that moved by over 5 minutes is a new one). */
export function claimClockNotice(skewMs: number): boolean {
  const shown = read(SHOWN_KEY)
  if (shown !== null && Math.abs(shown - skewMs) <= CLOCK_SKEW_NOTICE_MS) return false
  try {
    window.localStorage.setItem(SHOWN_KEY, String(skewMs))
  } catch {
    // Storage off: said on this page only.
  }
  return true
}

export function onClockSkewChanged(listener: () => void): () => void {
  window.addEventListener(CHANGED, listener)
  window.addEventListener('storage', listener)
  return () => {
    window.removeEventListener(CHANGED, listener)
    window.removeEventListener('storage', listener)
  }
}
