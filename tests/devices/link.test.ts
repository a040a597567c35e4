// Linking a device: one-time codes of 40 bits, stored as hashes, used once, for 10 minutes.
import { describe, expect, test } from 'vitest'
import { learnerQueries } from '@/db/queries/learners'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { createLinkCode, deviceLabel, redeemLinkCode } from '@/lib/devices/link'
import { formatLinkCode, LINK_CODE_TTL_MS, linkCodeFrom, normalizeLinkCode } from '@/lib/devices/link-code'
import { freshDatabase } from '@/tests/review/fixtures'

const alice = '11111111-1111-4111-8111-111111111111'
const t0 = Date.parse('2026-03-10T10:00:00Z')
const fixedBytes = (bytes: number[]) => () => Uint8Array.from(bytes)

async function withAlice() {
  const sqlite = freshDatabase()
  await learnerQueries(sqliteDb(sqlite)).insertLearnerIfMissing({ learnerId: alice, nowMs: 0 })
  return sqlite
}

describe('link codes', () => {
  test('5 random bytes are 8 base32 characters (40 bits)', () => {
    expect(linkCodeFrom(Uint8Array.from([0, 0, 0, 0, 0]))).toBe('AAAAAAAA')
    expect(linkCodeFrom(Uint8Array.from([255, 255, 255, 255, 255]))).toBe('77777777')
    expect(linkCodeFrom(Uint8Array.from([0x12, 0x34, 0x56, 0x78, 0x9a]))).toMatch(/^[A-Z2-7]{8}$/)
    expect(() => linkCodeFrom(Uint8Array.from([1, 2, 3]))).toThrow()
  })

  test('typed codes: case, spaces and the dash do not matter; anything else is no code', () => {
    expect(normalizeLinkCode(' abcd-efgh ')).toBe('ABCDEFGH')
    expect(formatLinkCode('ABCDEFGH')).toBe('ABCD-EFGH')
    expect(normalizeLinkCode('ABCDEFG1')).toBeNull() // 1 is not base32
    expect(normalizeLinkCode('ABCDEFG')).toBeNull()
  })

  test('a code links once; the second try is "used"; only its hash is stored', async () => {
    const sqlite = await withAlice()
    const { code, expiresAtMs } = await createLinkCode(sqliteDb(sqlite), {
      learnerId: alice,
      nowMs: t0,
      randomBytes: fixedBytes([1, 2, 3, 4, 5]),
    })
    expect(expiresAtMs).toBe(t0 + LINK_CODE_TTL_MS)
    const stored = sqlite.prepare('SELECT code_hash AS hash FROM link_codes').get() as { hash: string }
    expect(stored.hash).not.toContain(code)
    expect(
      await redeemLinkCode(sqliteDb(sqlite), { typed: formatLinkCode(code).toLowerCase(), nowMs: t0 + 1000 }),
    ).toEqual({
      kind: 'linked',
      learnerId: alice,
    })
    expect(await redeemLinkCode(sqliteDb(sqlite), { typed: code, nowMs: t0 + 2000 })).toEqual({
      kind: 'used',
    })
  })

  test('after 10 minutes the code has expired; a wrong or malformed code says so', async () => {
    const sqlite = await withAlice()
    const { code } = await createLinkCode(sqliteDb(sqlite), {
      learnerId: alice,
      nowMs: t0,
      randomBytes: fixedBytes([9, 9, 9, 9, 9]),
    })
    expect(await redeemLinkCode(sqliteDb(sqlite), { typed: code, nowMs: t0 + LINK_CODE_TTL_MS })).toEqual({
      kind: 'expired',
    })
    expect(await redeemLinkCode(sqliteDb(sqlite), { typed: 'AAAAAAAA', nowMs: t0 })).toEqual({
      kind: 'unknown',
    })
    expect(await redeemLinkCode(sqliteDb(sqlite), { typed: 'nope', nowMs: t0 })).toEqual({
      kind: 'malformed',
    })
  })

  test('devices are named by their browser and system', () => {
    expect(
      deviceLabel(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android')
    expect(deviceLabel(null)).toBe('A browser')
  })
})
