// The engine's SQLite statements, prepared once per connection. The same statements run
// on the app's SQLite file (live) and on an in-memory copy of the same migrations (the
// simulator), so the atomic claim in the sandbox is the real atomic claim. The SQLite
// adapter of the store port (store-sqlite.ts) composes them into whole atomic steps.
import type Database from 'better-sqlite3'
import {
  type KeyRow,
  type KeyStatus,
  type Operation,
  type PaymentRow,
  type RefundRow,
  type ResourceState,
  SWEEP_BATCH,
} from './store-port'
import { compareBinary, tableMirror } from './table-mirror'
import type { KeyRowView, PaymentRowView, RefundRowView } from './trace'

const KEY_COLUMNS =
  'account_id, key, operation, status, body_hash, request_body, provider_key, lease_until_ms, lease_version, created_at_ms, expires_at_ms'

// Rows are read in raw mode (arrays) and built here with object literals: better-sqlite3
// builds an object row by internalising every column name on every row, which made a
// key lookup ~2× the cost of the lookup itself. The column lists fix the array order.
const KEY_SELECT =
  'SELECT account_id, key, operation, status, body_hash, request_body, provider_key, lease_until_ms, lease_version, created_at_ms, expires_at_ms, response_status, response_body, resource_id FROM idempotency_keys'
type Raw = unknown[]
const toKeyRow = (r: Raw): KeyRow => ({
  account_id: r[0] as number,
  key: r[1] as string,
  operation: r[2] as Operation,
  status: r[3] as KeyStatus,
  body_hash: r[4] as string,
  request_body: r[5] as string,
  provider_key: r[6] as string,
  lease_until_ms: r[7] as number,
  lease_version: r[8] as number,
  created_at_ms: r[9] as number,
  expires_at_ms: r[10] as number,
  response_status: r[11] as number | null,
  response_body: r[12] as string | null,
  resource_id: r[13] as number | null,
})

const PAYMENT_SELECT =
  'SELECT id, account_id, order_id, amount_minor, currency, state, failure_code, provider_charge_id, idempotency_key, refunded_minor, created_at_ms, updated_at_ms FROM payments'
const toPaymentRow = (r: Raw): PaymentRow => ({
  id: r[0] as number,
  account_id: r[1] as number,
  order_id: r[2] as string,
  amount_minor: r[3] as number,
  currency: r[4] as string,
  state: r[5] as ResourceState,
  failure_code: r[6] as string | null,
  provider_charge_id: r[7] as string | null,
  idempotency_key: r[8] as string,
  refunded_minor: r[9] as number,
  created_at_ms: r[10] as number,
  updated_at_ms: r[11] as number,
})

/** A raw statement read as typed rows: `get` → one row or undefined, `all` → rows. */
function rows<P extends unknown[], Row>(statement: Database.Statement<P, Raw>, build: (r: Raw) => Row) {
  statement.raw(true)
  return {
    get(...params: P): Row | undefined {
      const r = statement.get(...params)
      return r === undefined ? undefined : build(r)
    },
    all(...params: P): Row[] {
      return statement.all(...params).map(build)
    },
  }
}

/** Prepares each statement on first use: a simulated run touches only a few, and fuzzing opens thousands of databases. */
function lazyStatements<T extends Record<string, () => unknown>>(
  defs: T,
): { readonly [K in keyof T]: ReturnType<T[K]> } {
  const out = {} as { [K in keyof T]: ReturnType<T[K]> }
  for (const name of Object.keys(defs) as (keyof T)[]) {
    let prepared: ReturnType<T[typeof name]> | undefined
    Object.defineProperty(out, name, {
      enumerable: true,
      get: () => {
        if (prepared === undefined) prepared = defs[name]!() as ReturnType<T[typeof name]>
        return prepared
      },
    })
  }
  return out
}

const prepared = new WeakMap<Database.Database, Statements>()

/** One set of prepared statements per connection, shared by every engine instance on it. */
export function statementsFor(sqlite: Database.Database): Statements {
  let statements = prepared.get(sqlite)
  if (!statements) {
    statements = prepareStatements(sqlite)
    prepared.set(sqlite, statements)
  }
  return statements
}

function prepareStatements(sqlite: Database.Database) {
  const s = lazyStatements({
    /**
     * The claim: one atomic statement. A new (scope, key) inserts; a completed row
     * past its TTL (not yet reaped) is replaced by the new intent; anything else
     * conflicts and changes nothing (changes = 0).
     */
    claim: () =>
      sqlite.prepare(
        `INSERT INTO idempotency_keys (${KEY_COLUMNS})
       VALUES (@scope, @key, @operation, 'in_progress', @bodyHash, @requestBody, @providerKey, @leaseUntilMs, 0, @createdAtMs, @expiresAtMs)
       ON CONFLICT (account_id, key) DO UPDATE SET
         operation = excluded.operation, status = 'in_progress', body_hash = excluded.body_hash,
         request_body = excluded.request_body, provider_key = excluded.provider_key,
         lease_until_ms = excluded.lease_until_ms, lease_version = idempotency_keys.lease_version + 1,
         created_at_ms = excluded.created_at_ms, expires_at_ms = excluded.expires_at_ms,
         response_status = NULL, response_body = NULL, resource_id = NULL
       WHERE idempotency_keys.status = 'completed' AND idempotency_keys.expires_at_ms <= excluded.created_at_ms`,
      ),
    /** Flaws select-then-insert / charge-before-insert: a blind write that overwrites whatever is there. */
    claimBlind: () =>
      sqlite.prepare(
        `INSERT OR REPLACE INTO idempotency_keys (${KEY_COLUMNS})
       VALUES (@scope, @key, @operation, @status, @bodyHash, @requestBody, @providerKey, @leaseUntilMs, 0, @createdAtMs, @expiresAtMs)`,
      ),
    keyGet: () =>
      rows(sqlite.prepare<[number, string], Raw>(`${KEY_SELECT} WHERE account_id = ? AND key = ?`), toKeyRow),
    /** Webhooks only settle pending keys: this is what the partial index serves. */
    pendingByProviderKey: () =>
      rows(
        sqlite.prepare<[string], Raw>(`${KEY_SELECT} WHERE provider_key = ? AND status = 'pending_unknown'`),
        toKeyRow,
      ),
    /** Rare (a webhook for a key that is not pending): a scan is acceptable. */
    keyByProviderKey: () =>
      sqlite.prepare<[string], { n: number }>(
        'SELECT COUNT(*) AS n FROM idempotency_keys WHERE provider_key = ?',
      ),
    /**
     * Lease takeover, enforced in SQL: only a row still in_progress, still at the
     * version we read and past its lease moves; exactly one caller sees changes = 1.
     */
    takeOver: () =>
      sqlite.prepare<[number, number, string, number, number]>(
        `UPDATE idempotency_keys SET lease_until_ms = ?, lease_version = lease_version + 1
       WHERE account_id = ? AND key = ? AND status = 'in_progress' AND lease_version = ? AND lease_until_ms <= ?`,
      ),
    /** A pending_unknown row re-driven (provider said "never seen"): back to in_progress under a new lease. */
    reopenPending: () =>
      sqlite.prepare<[number, number, string, number]>(
        `UPDATE idempotency_keys SET status = 'in_progress', lease_until_ms = ?, lease_version = lease_version + 1
       WHERE account_id = ? AND key = ? AND status = 'pending_unknown' AND lease_version = ?`,
      ),
    /**
     * Stores the outcome; fenced by the lease version so a stale attempt cannot
     * overwrite. The TTL is counted again from the stored answer, so a client that
     * just got it can still retry (a slow first attempt never completes already expired).
     */
    finish: () =>
      sqlite.prepare(
        `UPDATE idempotency_keys
       SET status = @status, response_status = @responseStatus, response_body = @responseBody, resource_id = @resourceId,
           expires_at_ms = MAX(expires_at_ms, @expiresAtMs)
       WHERE account_id = @scope AND key = @key AND lease_version = @version AND status IN ('in_progress', 'pending_unknown')`,
      ),
    /** Flaw no-lease / split-commit keep the same fence; the blind flaws write without it. */
    finishBlind: () =>
      sqlite.prepare(
        `UPDATE idempotency_keys
       SET status = @status, response_status = @responseStatus, response_body = @responseBody, resource_id = @resourceId,
           expires_at_ms = MAX(expires_at_ms, @expiresAtMs)
       WHERE account_id = @scope AND key = @key`,
      ),
    // The batch size is written into the SQL, not bound: with ORDER BY, a bound LIMIT
    // costs SQLite a sorter set-up per call (~10–25 µs, even for an empty result).
    expiredLeases: () =>
      rows(
        sqlite.prepare<[number], Raw>(
          `${KEY_SELECT} WHERE status = 'in_progress' AND lease_until_ms <= ?
       ORDER BY created_at_ms, account_id, key LIMIT ${SWEEP_BATCH}`,
        ),
        toKeyRow,
      ),
    pendingKeys: () =>
      rows(
        sqlite.prepare<[], Raw>(
          `${KEY_SELECT} WHERE status = 'pending_unknown' ORDER BY created_at_ms, account_id, key LIMIT ${SWEEP_BATCH}`,
        ),
        toKeyRow,
      ),
    reapable: () =>
      rows(
        sqlite.prepare<[number], Raw>(
          `${KEY_SELECT} WHERE status = 'completed' AND expires_at_ms <= ?
       ORDER BY expires_at_ms, account_id, key LIMIT ${SWEEP_BATCH}`,
        ),
        toKeyRow,
      ),
    /** Never touches in_progress or pending_unknown rows. */
    reap: () =>
      sqlite.prepare<[number, string, number]>(
        `DELETE FROM idempotency_keys WHERE account_id = ? AND key = ? AND status = 'completed' AND expires_at_ms <= ?`,
      ),
    paymentInsert: () =>
      sqlite.prepare(
        `INSERT INTO payments (account_id, order_id, amount_minor, currency, state, failure_code, provider_charge_id,
         idempotency_key, refunded_minor, created_at_ms, updated_at_ms)
       VALUES (@accountId, @orderId, @amountMinor, @currency, @state, @failureCode, @chargeId, @key, 0, @nowMs, @nowMs)`,
      ),
    paymentSettle: () =>
      sqlite.prepare(
        `UPDATE payments SET state = @state, failure_code = @failureCode, provider_charge_id = @chargeId, updated_at_ms = @nowMs
       WHERE id = @id AND state = 'pending_unknown'`,
      ),
    paymentGet: () => rows(sqlite.prepare<[number], Raw>(`${PAYMENT_SELECT} WHERE id = ?`), toPaymentRow),
    /** Reserve refund money at claim time: a refund never exceeds what was captured. */
    refundReserve: () =>
      sqlite.prepare<[number, number, number, number]>(
        `UPDATE payments SET refunded_minor = refunded_minor + ?
       WHERE id = ? AND account_id = ? AND state = 'succeeded' AND refunded_minor + ? <= amount_minor`,
      ),
    refundInsert: () =>
      sqlite.prepare(
        `INSERT INTO refunds (payment_id, account_id, amount_minor, state, provider_refund_id, idempotency_key, created_at_ms)
       VALUES (@paymentId, @accountId, @amountMinor, @state, @refundId, @key, @nowMs)`,
      ),
    refundSettle: () =>
      sqlite.prepare(
        `UPDATE refunds SET state = @state, provider_refund_id = @refundId WHERE id = @id AND state = 'pending_unknown'`,
      ),
    refundGet: () => sqlite.prepare<[number], RefundRow>('SELECT * FROM refunds WHERE id = ?'),
    keysAll: () =>
      rows(sqlite.prepare<[], Raw>(`${KEY_SELECT} ORDER BY created_at_ms, account_id, key`), toKeyRow),
    begin: () => sqlite.prepare('BEGIN IMMEDIATE'),
    commit: () => sqlite.prepare('COMMIT'),
    rollback: () => sqlite.prepare('ROLLBACK'),
  })
  return s
}

export type Statements = ReturnType<typeof prepareStatements>

/**
 * Whole-table views for the trace, one snapshot function per table and run (the simulator
 * snapshots after each commit): keys in `keysAll`'s order, payments and refunds by id. See
 * table-mirror.ts.
 */
export function keySnapshots(sqlite: Database.Database, hashLabel: (hash: string) => string) {
  return tableMirror<KeyRowView>(sqlite, {
    table: 'idempotency_keys',
    // As `keysAll`: ORDER BY created_at_ms, account_id, key.
    compare: (a, b) =>
      a.createdAtMs! - b.createdAtMs! || a.accountId - b.accountId || compareBinary(a.key, b.key),
    select: KEY_SELECT,
    view: (raw) => {
      const r = toKeyRow(raw)
      return {
        accountId: r.account_id,
        key: r.key,
        status: r.status,
        bodyHash: r.body_hash,
        bodyHashLabel: hashLabel(r.body_hash),
        leaseUntilMs: r.lease_until_ms,
        expiresAtMs: r.expires_at_ms,
        responseStatus: r.response_status,
        responseBody: r.response_body,
        createdAtMs: r.created_at_ms,
        operation: r.operation,
        resourceId: r.resource_id,
      }
    },
  })
}

export function paymentSnapshots(sqlite: Database.Database) {
  return tableMirror<PaymentRowView>(sqlite, {
    table: 'payments',
    select: PAYMENT_SELECT,
    view: (raw) => {
      const r = toPaymentRow(raw)
      return {
        id: r.id,
        accountId: r.account_id,
        orderId: r.order_id,
        amountMinor: r.amount_minor,
        currency: r.currency,
        state: r.state,
        idempotencyKey: r.idempotency_key,
        providerChargeId: r.provider_charge_id,
        createdAtMs: r.created_at_ms,
        refundedMinor: r.refunded_minor,
      }
    },
  })
}

export function refundSnapshots(sqlite: Database.Database) {
  return tableMirror<RefundRowView>(sqlite, {
    table: 'refunds',
    select: 'SELECT id, payment_id, account_id, amount_minor, state FROM refunds',
    view: (r) => ({
      id: r[0] as number,
      paymentId: r[1] as number,
      accountId: r[2] as number,
      amountMinor: r[3] as number,
      state: r[4] as RefundRowView['state'],
    }),
  })
}
