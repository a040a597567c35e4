// Named statements of the live lock service (app/api/locks, lib/live/locks.ts): a grant, a
// renewal and a release are each one conditional statement, so two instances racing for one
// lock on PostgreSQL (or two requests on SQLite) can never both win, and a fenced write is one
// compare-and-set on the highest token the storage accepted.
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'

export interface LockRow {
  lastToken: number
  leaseUntilMs: number
  acceptedToken: number | null
  value: string | null
  valueAtMs: number | null
}

export interface Grant {
  token: number
  leaseUntilMs: number
}

const KEY = 'account_id = @accountId AND name = @name'

const statements = {
  // A new lock's first grant is token 1; a lock whose lease has ended is granted again with the next
  // token. The WHERE on the upsert leaves a running lease alone (no row returned: held).
  grant: `INSERT INTO lock_leases (account_id, name, last_token, lease_until_ms, created_at_ms)
VALUES (@accountId, @name, 1, @leaseUntilMs, @nowMs)
ON CONFLICT (account_id, name) DO UPDATE
  SET last_token = lock_leases.last_token + 1, lease_until_ms = excluded.lease_until_ms
  WHERE lock_leases.lease_until_ms <= @nowMs
RETURNING last_token AS token, lease_until_ms AS leaseUntilMs`,
  // Only the current holder (its token is the last granted) and only while its lease runs.
  renew: `UPDATE lock_leases SET lease_until_ms = @leaseUntilMs
WHERE ${KEY} AND last_token = @token AND lease_until_ms > @nowMs
RETURNING last_token AS token, lease_until_ms AS leaseUntilMs`,
  release: `UPDATE lock_leases SET lease_until_ms = @nowMs
WHERE ${KEY} AND last_token = @token AND lease_until_ms > @nowMs`,
  // The storage's fence: a token it was never handed is not taken, nor one below the highest accepted.
  write: `UPDATE lock_leases SET accepted_token = @token, value = @value, value_at_ms = @nowMs
WHERE ${KEY} AND @token <= last_token AND (accepted_token IS NULL OR accepted_token <= @token)`,
  read: `SELECT last_token AS lastToken, lease_until_ms AS leaseUntilMs, accepted_token AS acceptedToken,
  value, value_at_ms AS valueAtMs
FROM lock_leases WHERE ${KEY}`,
}

export const lockQueries = perConnection((db: Db) => ({
  /** The next grant of a lock whose lease is not running, or undefined while another lease runs. */
  grant(args: { accountId: number; name: string; leaseUntilMs: number; nowMs: number }) {
    return db.get<Grant>(statements.grant, args)
  },
  /** The holder's lease extended, or undefined when `token` no longer holds a running lease. */
  renew(args: { accountId: number; name: string; token: number; leaseUntilMs: number; nowMs: number }) {
    return db.get<Grant>(statements.renew, args)
  },
  /** True when `token` held a running lease, now ended. */
  async release(args: { accountId: number; name: string; token: number; nowMs: number }) {
    return (await db.run(statements.release, args)).changes === 1
  },
  /** True when the storage accepted the write under `token`. */
  async write(args: { accountId: number; name: string; token: number; value: string; nowMs: number }) {
    return (await db.run(statements.write, args)).changes === 1
  },
  read(args: { accountId: number; name: string }) {
    return db.get<LockRow>(statements.read, args)
  },
}))
