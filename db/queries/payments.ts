// Named reads of one account's idempotency keys and payments, for the live API's
// GET routes and the console (they run on every console poll). The engine writes
// these tables through its own store (lib/engine/store.ts), never through here.
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'

export interface KeyRowRecord {
  key: string
  operation: string
  status: string
  bodyHash: string
  providerKey: string
  responseStatus: number | null
  resourceId: number | null
  leaseUntilMs: number
  createdAtMs: number
  expiresAtMs: number
}

export interface PaymentRecord {
  id: number
  orderId: string
  amountMinor: number
  currency: string
  state: string
  failureCode: string | null
  idempotencyKey: string
  refundedMinor: number
  createdAtMs: number
  updatedAtMs: number
}

const paymentColumns = `id, order_id AS orderId, amount_minor AS amountMinor, currency, state,
  failure_code AS failureCode, idempotency_key AS idempotencyKey, refunded_minor AS refundedMinor,
  created_at_ms AS createdAtMs, updated_at_ms AS updatedAtMs`

function preparePaymentQueries(db: Db) {
  // Keys sort byte-wise on both: SQLite's default collation is, PostgreSQL's is the locale's.
  const byteWise = db.dialect === 'postgres' ? ' COLLATE "C"' : ''
  const statements = {
    keys: `SELECT key, operation, status, body_hash AS bodyHash, provider_key AS providerKey,
         response_status AS responseStatus, resource_id AS resourceId, lease_until_ms AS leaseUntilMs,
         created_at_ms AS createdAtMs, expires_at_ms AS expiresAtMs
       FROM idempotency_keys WHERE account_id = ? ORDER BY created_at_ms DESC, key${byteWise} LIMIT ?`,
    payments: `SELECT ${paymentColumns} FROM payments WHERE account_id = ? ORDER BY id DESC LIMIT ?`,
    payment: `SELECT ${paymentColumns} FROM payments WHERE account_id = ? AND id = ?`,
  }

  return {
    /** The account's keys, newest first. */
    listKeyRowsByAccountId({
      accountId,
      limit,
    }: {
      accountId: number
      limit: number
    }): Promise<KeyRowRecord[]> {
      return db.all<KeyRowRecord>(statements.keys, accountId, limit)
    },
    /** The account's payments, newest first. */
    listPaymentsByAccountId({
      accountId,
      limit,
    }: {
      accountId: number
      limit: number
    }): Promise<PaymentRecord[]> {
      return db.all<PaymentRecord>(statements.payments, accountId, limit)
    },
    /** Undefined for a payment that does not exist or belongs to another account. */
    findPaymentByAccountAndId({
      accountId,
      paymentId,
    }: {
      accountId: number
      paymentId: number
    }): Promise<PaymentRecord | undefined> {
      return db.get<PaymentRecord>(statements.payment, accountId, paymentId)
    },
  }
}

export type PaymentQueries = ReturnType<typeof preparePaymentQueries>
export const paymentQueries = perConnection(preparePaymentQueries)
