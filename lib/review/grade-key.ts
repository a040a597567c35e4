// A grade request's Idempotency-Key: the review id the device minted (crypto.randomUUID),
// the fingerprint of the body it was first sent with, and the response stored under it.
import { createHash } from 'node:crypto'
import type { GradeRequest } from './grade-input'

export interface GradeKey {
  key: string
  /** sha256 (hex) of the request body as canonical JSON: a retry must send the same body. */
  fingerprint: string
}

/** What is stored under a key and replayed byte for byte. */
export interface StoredResponse {
  status: number
  body: string
}

/** How long a 'processing' claim holds its key before a retry may take it over. */
export const GRADE_CLAIM_LEASE_MS = 30_000

/** Keys sorted at every level and the ticked points sorted, so two spellings of one grade agree. */
export function gradeFingerprint(body: GradeRequest): string {
  // sentAt is when this try left the device: every retry of one grade sends a new one.
  const { sentAt: _sentAt, ...grade } = body
  const canonical = { ...grade, pointsTicked: [...new Set(grade.pointsTicked)].sort() }
  return createHash('sha256').update(canonicalJson(canonical)).digest('hex')
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  return JSON.stringify(value)
}

/** The 201 a keyed grade answers and stores. */
export function keyedResponseOf(
  result: {
    logId: number
    rating: number
    dueMs: number
    reviewedAtMs: number
    merged: boolean
    cardDeleted: boolean
  },
  cardId: string,
): StoredResponse {
  return {
    status: 201,
    body: JSON.stringify({
      logId: result.logId,
      cardId,
      rating: result.rating,
      reviewedAt: new Date(result.reviewedAtMs).toISOString(),
      due: new Date(result.dueMs).toISOString(),
      merged: result.merged,
      cardDeleted: result.cardDeleted,
    }),
  }
}
