// The engine's store port on PostgreSQL (node-postgres): the same steps as the SQLite adapter
// inside the engine, each one statement or one transaction that begins and commits inside the
// call, at READ COMMITTED. The claim is the same single INSERT … ON CONFLICT … DO UPDATE …
// WHERE … RETURNING (two sessions racing on one key: the second blocks on the first's row,
// then sees it and changes nothing); every later decision the same UPDATE … WHERE
// lease_version = … (re-evaluated on the latest row version once the lock is free).
// Serialization failures and deadlocks (40001, 40P01) are retried here, whole step by whole
// step. The flaws' blind writes are not here: the live engine runs no flaw.
// Expects the engine tables as db/migrations has them (payments.id an identity BY DEFAULT or a
// serial: a new payment's id is drawn from its sequence first). The pool is the caller's: it
// must listen for the pool's 'error' event (an idle connection the server drops emits one).
import type pg from 'pg'
import type {
  Claimed,
  Completed,
  EngineStore,
  KeyCompletion,
  KeyRow,
  KeyStatus,
  NewClaim,
  Operation,
  PaymentCompletion,
  PaymentRow,
  RefundRejection,
  RefundReservation,
  RefundRow,
  ResourceState,
} from '@/lib/engine'
import { type Queryable, Rollback, type Row, retrying, transaction } from './pg-transaction'

const KEY_COLUMNS =
  'account_id, key, operation, status, body_hash, request_body, provider_key, lease_until_ms, lease_version, created_at_ms, expires_at_ms, response_status, response_body, resource_id'
const PAYMENT_COLUMNS =
  'id, account_id, order_id, amount_minor, currency, state, failure_code, provider_charge_id, idempotency_key, refunded_minor, created_at_ms, updated_at_ms'
const REFUND_COLUMNS =
  'id, payment_id, account_id, amount_minor, state, provider_refund_id, idempotency_key, created_at_ms'
// Keys sort byte-wise, as SQLite's default collation does: the sweeps' batches come oldest first in the same order.
const BY_CLAIM = 'ORDER BY created_at_ms, account_id, key COLLATE "C"'

/** The claim: a new key inserts; a completed row past its TTL is replaced; anything else stays. */
const CLAIM = `INSERT INTO idempotency_keys (account_id, key, operation, status, body_hash, request_body, provider_key,
      lease_until_ms, lease_version, created_at_ms, expires_at_ms)
    VALUES ($1, $2, $3, 'in_progress', $4, $5, $6, $7, 0, $8, $9)
    ON CONFLICT (account_id, key) DO UPDATE SET
      operation = excluded.operation, status = 'in_progress', body_hash = excluded.body_hash,
      request_body = excluded.request_body, provider_key = excluded.provider_key,
      lease_until_ms = excluded.lease_until_ms, lease_version = idempotency_keys.lease_version + 1,
      created_at_ms = excluded.created_at_ms, expires_at_ms = excluded.expires_at_ms,
      response_status = NULL, response_body = NULL, resource_id = NULL
    WHERE idempotency_keys.status = 'completed' AND idempotency_keys.expires_at_ms <= excluded.created_at_ms
    RETURNING ${KEY_COLUMNS}`

// Named statements: node-postgres prepares each once per connection.
const SQL = {
  keyGet: `SELECT ${KEY_COLUMNS} FROM idempotency_keys WHERE account_id = $1 AND key = $2`,
  claim: CLAIM,
  /**
   * The payment claim and, when it changed nothing, the row it met, in one round trip: the
   * row as of the statement's snapshot. A row committed after that snapshot (the claim waited
   * for it) or one the claim found expired is not answered here; the caller reads it then.
   */
  claimOrExisting: `WITH claimed AS (${CLAIM})
    SELECT true AS won, ${KEY_COLUMNS} FROM claimed
    UNION ALL
    SELECT false AS won, ${KEY_COLUMNS} FROM idempotency_keys
    WHERE account_id = $1 AND key = $2 AND NOT EXISTS (SELECT 1 FROM claimed)
      AND NOT (status = 'completed' AND expires_at_ms <= $8)`,
  takeOver: `UPDATE idempotency_keys SET lease_until_ms = $1, lease_version = lease_version + 1
    WHERE account_id = $2 AND key = $3 AND status = 'in_progress' AND lease_version = $4 AND lease_until_ms <= $5
    RETURNING ${KEY_COLUMNS}`,
  reopenPending: `UPDATE idempotency_keys SET status = 'in_progress', lease_until_ms = $1, lease_version = lease_version + 1
    WHERE account_id = $2 AND key = $3 AND status = 'pending_unknown' AND lease_version = $4`,
  finish: `UPDATE idempotency_keys
    SET status = $1, response_status = $2, response_body = $3, resource_id = $4, expires_at_ms = GREATEST(expires_at_ms, $5)
    WHERE account_id = $6 AND key = $7 AND lease_version = $8 AND status IN ('in_progress', 'pending_unknown')`,
  expiredLeases: `SELECT ${KEY_COLUMNS} FROM idempotency_keys WHERE status = 'in_progress' AND lease_until_ms <= $1
    ${BY_CLAIM} LIMIT $2`,
  pendingKeys: `SELECT ${KEY_COLUMNS} FROM idempotency_keys WHERE status = 'pending_unknown' ${BY_CLAIM} LIMIT $1`,
  reapable: `SELECT ${KEY_COLUMNS} FROM idempotency_keys WHERE status = 'completed' AND expires_at_ms <= $1
    ORDER BY expires_at_ms, account_id, key COLLATE "C" LIMIT $2`,
  reap: `DELETE FROM idempotency_keys
    WHERE (account_id, key) IN (SELECT * FROM unnest($1::bigint[], $2::text[]))
      AND status = 'completed' AND expires_at_ms <= $3`,
  pendingByProviderKey: `SELECT ${KEY_COLUMNS} FROM idempotency_keys
    WHERE provider_key = $1 AND status = 'pending_unknown' LIMIT 1`,
  knowsProviderKey: 'SELECT EXISTS (SELECT 1 FROM idempotency_keys WHERE provider_key = $1) AS known',
  paymentGet: `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1`,
  paymentId: "SELECT nextval(pg_get_serial_sequence('payments', 'id')) AS id",
  /**
   * A new payment's completion in one statement: the fenced key update, and the payment row
   * only if it completed the key ($4 is the id drawn before, named in the stored body).
   */
  paymentCompleteNew: `WITH finished AS (
      UPDATE idempotency_keys
      SET status = $1, response_status = $2, response_body = $3, resource_id = $4, expires_at_ms = GREATEST(expires_at_ms, $5)
      WHERE account_id = $6 AND key = $7 AND lease_version = $8 AND status IN ('in_progress', 'pending_unknown')
      RETURNING 1
    )
    INSERT INTO payments (id, account_id, order_id, amount_minor, currency, state, failure_code, provider_charge_id,
      idempotency_key, refunded_minor, created_at_ms, updated_at_ms)
    SELECT $4, $9, $10, $11, $12, $13, $14, $15, $16, 0, $17, $17 FROM finished`,
  paymentSettle: `UPDATE payments SET state = $2, failure_code = $3, provider_charge_id = $4, updated_at_ms = $5
    WHERE id = $1 AND state = 'pending_unknown'`,
  refundReserve: `UPDATE payments SET refunded_minor = refunded_minor + $1
    WHERE id = $2 AND account_id = $3 AND state = 'succeeded' AND refunded_minor + $1 <= amount_minor`,
  refundInsert: `INSERT INTO refunds (payment_id, account_id, amount_minor, state, provider_refund_id, idempotency_key, created_at_ms)
    VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${REFUND_COLUMNS}`,
  refundSettle: `UPDATE refunds SET state = $2, provider_refund_id = $3 WHERE id = $1 AND state = 'pending_unknown'`,
  refundGet: `SELECT ${REFUND_COLUMNS} FROM refunds WHERE id = $1`,
} as const
type Statement = keyof typeof SQL

function exec(db: Queryable, name: Statement, values: unknown[]): Promise<pg.QueryResult<Row>> {
  return db.query({ name: `engine_${name}`, text: SQL[name], values })
}

const num = (v: unknown): number => Number(v)
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v))

// bigint columns arrive as strings (node-postgres keeps int8 exact); every id, amount and time fits a double.
function toKeyRow(r: Row): KeyRow {
  return {
    account_id: num(r.account_id),
    key: r.key as string,
    operation: r.operation as Operation,
    status: r.status as KeyStatus,
    body_hash: r.body_hash as string,
    request_body: r.request_body as string,
    provider_key: r.provider_key as string,
    lease_until_ms: num(r.lease_until_ms),
    lease_version: num(r.lease_version),
    created_at_ms: num(r.created_at_ms),
    expires_at_ms: num(r.expires_at_ms),
    response_status: numOrNull(r.response_status),
    response_body: (r.response_body as string | null) ?? null,
    resource_id: numOrNull(r.resource_id),
  }
}

function toPaymentRow(r: Row): PaymentRow {
  return {
    id: num(r.id),
    account_id: num(r.account_id),
    order_id: r.order_id as string,
    amount_minor: num(r.amount_minor),
    currency: r.currency as string,
    state: r.state as ResourceState,
    failure_code: (r.failure_code as string | null) ?? null,
    provider_charge_id: (r.provider_charge_id as string | null) ?? null,
    idempotency_key: r.idempotency_key as string,
    refunded_minor: num(r.refunded_minor),
    created_at_ms: num(r.created_at_ms),
    updated_at_ms: num(r.updated_at_ms),
  }
}

function toRefundRow(r: Row): RefundRow {
  return {
    id: num(r.id),
    payment_id: num(r.payment_id),
    account_id: num(r.account_id),
    amount_minor: num(r.amount_minor),
    state: r.state as ResourceState,
    provider_refund_id: (r.provider_refund_id as string | null) ?? null,
    idempotency_key: r.idempotency_key as string,
    created_at_ms: num(r.created_at_ms),
  }
}

function finishValues(k: KeyCompletion, resourceId: number, responseBody: string): unknown[] {
  if (k.fence !== 'lease-version') throw new Error('PostgreSQL completes keys fenced by lease_version only.')
  return [k.status, k.responseStatus, responseBody, resourceId, k.expiresAtMs, k.scope, k.key, k.version]
}

function claimValues(c: NewClaim): unknown[] {
  return [
    c.scope,
    c.key,
    c.operation,
    c.bodyHash,
    c.requestBody,
    c.providerKey,
    c.leaseUntilMs,
    c.createdAtMs,
    c.expiresAtMs,
  ]
}

/** How often a claim that lost to a row which then vanished (reaped) tries again. */
const CLAIM_ATTEMPTS = 10

/** A key's row read ahead of the engine (payment-admission-pg.ts); `row` undefined: no row then. */
export interface PrefetchedKeyRow {
  scope: number
  key: string
  row: Row | undefined
}

/**
 * `sweepBatch`: the rows a sweep reads a pass, the port's SWEEP_BATCH (lib/engine), passed in
 * because db/ takes only types from the engine (db/README.md). `prefetchedKey`: the current
 * request's key row when its admission read it already: the engine's first read of that key
 * (a retry's fast path) is answered from it, once, with no round trip.
 */
export function pgEngineStore(
  pool: pg.Pool,
  { sweepBatch, prefetchedKey }: { sweepBatch: number; prefetchedKey?: () => PrefetchedKeyRow | undefined },
): EngineStore {
  const one = async <T>(name: Statement, values: unknown[], build: (r: Row) => T): Promise<T | undefined> => {
    const { rows } = await retrying(() => exec(pool, name, values))
    return rows[0] === undefined ? undefined : build(rows[0])
  }
  const all = async <T>(name: Statement, values: unknown[], build: (r: Row) => T): Promise<T[]> =>
    (await retrying(() => exec(pool, name, values))).rows.map(build)
  const answered = new WeakSet<PrefetchedKeyRow>()
  const getKey = (scope: number, key: string): Promise<KeyRow | undefined> => {
    const ahead = prefetchedKey?.()
    if (ahead && ahead.scope === scope && ahead.key === key && !answered.has(ahead)) {
      answered.add(ahead)
      return Promise.resolve(ahead.row === undefined ? undefined : toKeyRow(ahead.row))
    }
    return one('keyGet', [scope, key], toKeyRow)
  }

  /** A claim that changed nothing answers the row it conflicted with (read after the insert's wait). */
  async function claimed(claim: NewClaim, attempt: () => Promise<Claimed | RefundRejection | undefined>) {
    for (let i = 0; i < CLAIM_ATTEMPTS; i++) {
      const result = await attempt()
      if (result !== undefined) return result
      const row = await getKey(claim.scope, claim.key)
      if (row) return { won: false, row }
    }
    throw new Error(`The claim of ${claim.key} kept losing to a row that vanished.`)
  }

  async function reserve(client: Queryable, r: RefundReservation): Promise<RefundRejection | undefined> {
    const reserved = await exec(client, 'refundReserve', [r.amountMinor, r.paymentId, r.accountId])
    if (reserved.rowCount === 1) return undefined
    const { rows } = await exec(client, 'paymentGet', [r.paymentId])
    if (rows[0] === undefined) throw new Error(`Payment ${r.paymentId} vanished while it was refunded.`)
    const current = toPaymentRow(rows[0])
    return current.state !== 'succeeded'
      ? { rejected: 'not-refundable', state: current.state }
      : { rejected: 'over-refund', amountMinor: current.amount_minor, refundedMinor: current.refunded_minor }
  }

  /**
   * The hot path in two round trips, no explicit transaction: the payment's id is drawn first
   * (the stored body names it), then one statement completes the key, fenced, and inserts the
   * payment only if the fence let it (a stale attempt writes nothing; its id is a gap).
   */
  async function completeNewPayment(c: PaymentCompletion): Promise<Completed | undefined> {
    const p = c.payment
    const id = num((await retrying(() => exec(pool, 'paymentId', []))).rows[0]!.id)
    // The row exactly as the insert below writes it.
    const payment: PaymentRow = {
      id,
      account_id: p.accountId,
      order_id: p.orderId,
      amount_minor: p.amountMinor,
      currency: p.currency,
      state: p.state,
      failure_code: p.failureCode,
      provider_charge_id: p.chargeId,
      idempotency_key: p.idempotencyKey,
      refunded_minor: 0,
      created_at_ms: p.nowMs,
      updated_at_ms: p.nowMs,
    }
    const body = c.responseBody(payment)
    const values = [
      ...finishValues(c.key, id, body),
      p.accountId,
      p.orderId,
      p.amountMinor,
      p.currency,
      p.state,
      p.failureCode,
      p.chargeId,
      p.idempotencyKey,
      p.nowMs,
    ]
    const inserted = await retrying(() => exec(pool, 'paymentCompleteNew', values))
    return inserted.rowCount === 1 ? { resourceId: id, responseBody: body } : undefined
  }

  /** A pending_unknown payment settled in place: one transaction (the payment row first, then the fenced key). */
  function settlePayment(c: PaymentCompletion): Promise<Completed | undefined> {
    return transaction(pool, async (client): Promise<Completed | Rollback<undefined>> => {
      const p = c.payment
      await exec(client, 'paymentSettle', [p.id, p.state, p.failureCode, p.chargeId, p.nowMs])
      const payment = toPaymentRow((await exec(client, 'paymentGet', [p.id])).rows[0]!)
      const body = c.responseBody(payment)
      const finished = await exec(client, 'finish', finishValues(c.key, payment.id, body))
      return finished.rowCount === 1
        ? { resourceId: payment.id, responseBody: body }
        : new Rollback(undefined)
    })
  }

  return {
    getKey,
    claim: (claim) =>
      claimed(claim, async () => {
        const found = await one('claimOrExisting', claimValues(claim), (r) => ({
          won: r.won === true,
          row: toKeyRow(r),
        }))
        return found
      }) as Promise<Claimed>,
    claimRefund: (claim, reservation) =>
      claimed(claim, () =>
        transaction(pool, async (client): Promise<Claimed | Rollback<RefundRejection> | undefined> => {
          const { rows } = await exec(client, 'claim', claimValues(claim))
          if (rows[0] === undefined) return undefined
          const rejection = await reserve(client, reservation)
          return rejection ? new Rollback(rejection) : { won: true, row: toKeyRow(rows[0]) }
        }),
      ),
    async takeOver(t, committed) {
      const row = await one('takeOver', [t.leaseUntilMs, t.scope, t.key, t.version, t.nowMs], toKeyRow)
      if (row) committed?.(row)
      return row
    },
    async reopenPending(r) {
      const result = await retrying(() =>
        exec(pool, 'reopenPending', [r.leaseUntilMs, r.scope, r.key, r.version]),
      )
      return result.rowCount === 1
    },
    async completePayment(c, committed) {
      const done = c.payment.id === null ? await completeNewPayment(c) : await settlePayment(c)
      if (done) committed?.(done)
      return done
    },
    async completeRefund(c, committed) {
      const done = await transaction(pool, async (client): Promise<Completed | Rollback<undefined>> => {
        const r = c.refund
        let refund: RefundRow
        if (r.id !== null) {
          await exec(client, 'refundSettle', [r.id, r.state, r.providerRefundId])
          refund = toRefundRow((await exec(client, 'refundGet', [r.id])).rows[0]!)
        } else {
          const values = [
            r.paymentId,
            r.accountId,
            r.amountMinor,
            r.state,
            r.providerRefundId,
            r.idempotencyKey,
            r.nowMs,
          ]
          refund = toRefundRow((await exec(client, 'refundInsert', values)).rows[0]!)
        }
        const body = c.responseBody(refund)
        const finished = await exec(client, 'finish', finishValues(c.key, refund.id, body))
        return finished.rowCount === 1
          ? { resourceId: refund.id, responseBody: body }
          : new Rollback(undefined)
      })
      if (done) committed?.(done)
      return done
    },
    getPayment: (id) => one('paymentGet', [id], toPaymentRow),
    expiredLeases: (nowMs) => all('expiredLeases', [nowMs, sweepBatch], toKeyRow),
    pendingKeys: () => all('pendingKeys', [sweepBatch], toKeyRow),
    reapableKeys: (nowMs) => all('reapable', [nowMs, sweepBatch], toKeyRow),
    async reap(rows, nowMs, committed) {
      let purged = 0
      if (rows.length > 0) {
        const values = [rows.map((r) => r.account_id), rows.map((r) => r.key), nowMs]
        purged = (await retrying(() => exec(pool, 'reap', values))).rowCount ?? 0
      }
      committed?.(purged)
      return purged
    },
    pendingByProviderKey: (providerKey) => one('pendingByProviderKey', [providerKey], toKeyRow),
    knowsProviderKey: async (providerKey) =>
      (await one('knowsProviderKey', [providerKey], (r) => r.known === true)) ?? false,
  }
}
