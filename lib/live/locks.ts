// The live lock service a learner drives with curl (app/api/locks): a lock granted for a lease with a
// fencing token that grows with every grant, and a storage half that refuses a write carrying a token
// lower than the highest it has accepted. It is the lease protocol of the sandbox, for real: lose the
// lock to a pause (a lease that ends while you sleep) and the storage refuses your stale token.
import { lockQueries } from '@/db/queries/locks'
import type { Db } from '@/db/sql/db'

/** What a lease request came to. */
export type LeaseOutcome =
  | { kind: 'granted' | 'renewed'; token: number; leaseUntilMs: number }
  /** Another holder's lease runs until `leaseUntilMs`. */
  | { kind: 'held'; leaseUntilMs: number }
  /** `token` no longer holds a running lease (it ended, or a later grant replaced it). */
  | { kind: 'lost'; token: number; lastToken: number | null }

/** What a fenced write came to. */
export type WriteOutcome =
  | { kind: 'accepted'; token: number }
  /** The storage already accepted `acceptedToken`, higher than this write's token. */
  | { kind: 'stale'; token: number; acceptedToken: number }
  /** The lock never granted this token (or does not exist). */
  | { kind: 'unknown'; token: number; lastToken: number | null }

export interface LockState {
  name: string
  lastToken: number
  leaseUntilMs: number
  held: boolean
  acceptedToken: number | null
  value: unknown
  valueAtMs: number | null
}

export interface LockService {
  /** A new grant (no token) or the holder's renewal (its token). */
  lease(args: { name: string; ttlMs: number; nowMs: number; token?: number }): Promise<LeaseOutcome>
  /** Ends the holder's lease at once; false when `token` no longer held it. */
  release(args: { name: string; token: number; nowMs: number }): Promise<boolean>
  /** The storage's write, fenced by `token`; `value` is the JSON body as sent. */
  write(args: { name: string; token: number; value: unknown; nowMs: number }): Promise<WriteOutcome>
  read(args: { name: string; nowMs: number }): Promise<LockState | null>
}

/** One account's locks on `db`. */
export function lockServiceOn(db: Db, accountId: number): LockService {
  const queries = lockQueries(db)
  const lastTokenOf = async (name: string) => (await queries.read({ accountId, name }))?.lastToken ?? null
  return {
    async lease({ name, ttlMs, nowMs, token }) {
      const leaseUntilMs = nowMs + ttlMs
      if (token !== undefined) {
        const renewed = await queries.renew({ accountId, name, token, leaseUntilMs, nowMs })
        if (renewed) return { kind: 'renewed', ...renewed }
        return { kind: 'lost', token, lastToken: await lastTokenOf(name) }
      }
      const granted = await queries.grant({ accountId, name, leaseUntilMs, nowMs })
      if (granted) return { kind: 'granted', ...granted }
      const row = await queries.read({ accountId, name })
      // The running lease ended between the two statements: the caller may simply ask again.
      return { kind: 'held', leaseUntilMs: row?.leaseUntilMs ?? nowMs }
    },
    release: ({ name, token, nowMs }) => queries.release({ accountId, name, token, nowMs }),
    async write({ name, token, value, nowMs }) {
      if (await queries.write({ accountId, name, token, value: JSON.stringify(value), nowMs }))
        return { kind: 'accepted', token }
      const row = await queries.read({ accountId, name })
      if (row && token <= row.lastToken && row.acceptedToken !== null && token < row.acceptedToken)
        return { kind: 'stale', token, acceptedToken: row.acceptedToken }
      return { kind: 'unknown', token, lastToken: row?.lastToken ?? null }
    },
    async read({ name, nowMs }) {
      const row = await queries.read({ accountId, name })
      if (!row) return null
      return {
        name,
        lastToken: row.lastToken,
        leaseUntilMs: row.leaseUntilMs,
        held: row.leaseUntilMs > nowMs,
        acceptedToken: row.acceptedToken,
        value: row.value === null ? null : JSON.parse(row.value),
        valueAtMs: row.valueAtMs,
      }
    },
  }
}
