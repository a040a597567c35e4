// Request headers the payments API reads: Idempotency-Key (IETF draft: an sf-string,
// so `"abc"` and `abc` name the same key) and Prefer: wait=N (RFC 7240).
import { idempotencyKeySchema } from '@/lib/engine'

export const MAX_WAIT_S = 10

export type KeyParse = { ok: true; key: string } | { ok: false; detail: string }

// Inside an sf-string: printable ASCII incl. space, with \" and \\ escapes.
const sfStringBody = /^(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*$/

export function parseIdempotencyKey(header: string | null): KeyParse {
  if (header === null) return { ok: false, detail: 'The Idempotency-Key header is required.' }
  const trimmed = header.trim()
  let key = trimmed
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    const inner = trimmed.slice(1, -1)
    if (!sfStringBody.test(inner)) {
      return { ok: false, detail: 'The quoted Idempotency-Key is not a valid structured-field string.' }
    }
    key = inner.replace(/\\(["\\])/g, '$1')
  }
  // The engine's schema has the final word (1–255 visible ASCII), so the sandbox and HTTP agree.
  const checked = idempotencyKeySchema.safeParse(key)
  if (!checked.success)
    return { ok: false, detail: `${checked.error.issues[0]?.message ?? 'Invalid Idempotency-Key'}.` }
  return { ok: true, key }
}

/**
 * Seconds from `Prefer: wait=N`, capped at MAX_WAIT_S; undefined when absent or
 * unparseable (a preference the server cannot honour is ignored, per RFC 7240).
 */
export function parsePreferWaitS(header: string | null): number | undefined {
  if (!header) return undefined
  for (const part of header.split(/[,;]/)) {
    const match = /^\s*wait\s*=\s*"?(\d{1,6})"?\s*$/i.exec(part)
    if (match?.[1] !== undefined) return Math.min(Number(match[1]), MAX_WAIT_S)
  }
  return undefined
}

/** The bearer token, or null when the header is missing or not a Bearer credential. */
export function parseBearer(header: string | null): string | null {
  if (!header) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim())
  return match?.[1] ?? null
}
