// The one-time link code: 8 characters of RFC 4648 base32 (A–Z, 2–7) = 40 random bits,
// shown as "ABCD-EFGH" and as a QR code. Only its sha256 is stored; a typed code is
// compared with every live code's hash in constant time (crypto.timingSafeEqual), so
// neither the lookup nor the comparison leaks how much of a guess was right.
import { createHash, timingSafeEqual } from 'node:crypto'

export const LINK_CODE_LENGTH = 8
export const LINK_CODE_TTL_MS = 10 * 60_000
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** 5 random bytes (40 bits) → 8 base32 characters. `randomBytes` is passed in. */
export function linkCodeFrom(bytes: Uint8Array): string {
  if (bytes.length !== 5) throw new Error('a link code takes exactly 5 random bytes')
  let bits = 0n
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte)
  let code = ''
  for (let i = LINK_CODE_LENGTH - 1; i >= 0; i--) code += ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)]
  return code
}

/** "ABCD-EFGH" for reading aloud or typing. */
export function formatLinkCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`
}

/** What a person typed → the code: case, spaces and dashes ignored; null when it cannot be one. */
export function normalizeLinkCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '')
  return code.length === LINK_CODE_LENGTH && [...code].every((c) => ALPHABET.includes(c)) ? code : null
}

export function linkCodeHash(code: string): Buffer {
  return createHash('sha256').update(code).digest()
}

/** The candidate whose hash equals the code's; every candidate is compared, each in constant time. */
export function matchLinkCode<T extends { codeHash: string }>(
  code: string,
  candidates: readonly T[],
): T | undefined {
  const hash = linkCodeHash(code)
  let found: T | undefined
  for (const candidate of candidates) {
    const stored = Buffer.from(candidate.codeHash, 'hex')
    if (stored.length === hash.length && timingSafeEqual(stored, hash) && !found) found = candidate
  }
  return found
}
