// A request that stops before finishing its key — a lost database connection cut it short —
// stands down from the lease it holds: the lease ends now, and the client's retry takes the key
// over at once instead of meeting 409 until the lease runs out. Safe whatever the request had
// done: the retry re-drives the key under the same provider key, which the provider dedupes (one
// charge per key). The release is fenced on what this request wrote: the lease version it won,
// or, when the write's answer was lost with the connection (it may have committed), the exact
// `lease_until_ms` it wrote — a takeover since wrote another, and is untouched.
import type pg from 'pg'

export interface HeldLease {
  scope: number
  key: string
  leaseUntilMs: number
  /** Known when the write answered; null when the connection was lost before it did. */
  version: number | null
}

const RELEASE = `UPDATE idempotency_keys SET lease_until_ms = 0
  WHERE account_id = $1 AND key = $2 AND status = 'in_progress' AND lease_until_ms = $3
    AND ($4::bigint IS NULL OR lease_version = $4)`

const ATTEMPTS = 3
const PAUSE_MS = 100

/** Ends each lease still held as written; a few tries, then best effort (a lease not ended runs out on its own). */
export async function releaseLeases(pool: pg.Pool, held: readonly HeldLease[]): Promise<number> {
  let released = 0
  for (const lease of held)
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        const result = await pool.query({
          name: 'lease_release',
          text: RELEASE,
          values: [lease.scope, lease.key, lease.leaseUntilMs, lease.version],
        })
        released += result.rowCount ?? 0
        break
      } catch {
        if (attempt < ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS))
      }
    }
  return released
}
