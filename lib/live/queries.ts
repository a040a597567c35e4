// Named reads for the live API and the console: one account's key rows and
// payments. Prepared once per connection (they run on every console poll).
import type { Statement } from 'better-sqlite3'
import type { Sqlite } from '@/db/open'

export interface KeyRowJson {
  key: string
  operation: string
  status: string
  bodyHash: string
  providerKey: string
  responseStatus: number | null
  resourceId: number | null
  leaseUntil: string
  createdAt: string
  expiresAt: string
}

export interface PaymentJson {
  id: number
  object: 'payment'
  orderId: string
  amount: number
  currency: string
  state: string
  failureCode?: string
  amountRefunded: number
  idempotencyKey: string
  createdAt: string
  updatedAt: string
}

const iso = (ms: number) => new Date(ms).toISOString()

const sql = {
  keys: `SELECT key, operation, status, body_hash, provider_key, response_status, resource_id, lease_until_ms,
           created_at_ms, expires_at_ms
         FROM idempotency_keys WHERE account_id = ? ORDER BY created_at_ms DESC, key LIMIT ?`,
  payments: `SELECT * FROM payments WHERE account_id = ? ORDER BY id DESC LIMIT ?`,
  payment: `SELECT * FROM payments WHERE account_id = ? AND id = ?`,
} as const

type Statements = { [K in keyof typeof sql]: Statement }
const cache = new WeakMap<Sqlite, Statements>()

function statements(sqlite: Sqlite): Statements {
  let prepared = cache.get(sqlite)
  if (!prepared) {
    prepared = {
      keys: sqlite.prepare(sql.keys),
      payments: sqlite.prepare(sql.payments),
      payment: sqlite.prepare(sql.payment),
    }
    cache.set(sqlite, prepared)
  }
  return prepared
}

interface KeyRowSql {
  key: string
  operation: string
  status: string
  body_hash: string
  provider_key: string
  response_status: number | null
  resource_id: number | null
  lease_until_ms: number
  created_at_ms: number
  expires_at_ms: number
}

interface PaymentRowSql {
  id: number
  order_id: string
  amount_minor: number
  currency: string
  state: string
  failure_code: string | null
  idempotency_key: string
  refunded_minor: number
  created_at_ms: number
  updated_at_ms: number
}

export function getKeyRowsByAccountId(sqlite: Sqlite, accountId: number, limit = 200): KeyRowJson[] {
  return (statements(sqlite).keys.all(accountId, limit) as KeyRowSql[]).map((row) => ({
    key: row.key,
    operation: row.operation,
    status: row.status,
    bodyHash: row.body_hash,
    providerKey: row.provider_key,
    responseStatus: row.response_status,
    resourceId: row.resource_id,
    leaseUntil: iso(row.lease_until_ms),
    createdAt: iso(row.created_at_ms),
    expiresAt: iso(row.expires_at_ms),
  }))
}

function paymentJson(row: PaymentRowSql): PaymentJson {
  return {
    id: row.id,
    object: 'payment',
    orderId: row.order_id,
    amount: row.amount_minor,
    currency: row.currency,
    state: row.state,
    ...(row.failure_code ? { failureCode: row.failure_code } : {}),
    amountRefunded: row.refunded_minor,
    idempotencyKey: row.idempotency_key,
    createdAt: iso(row.created_at_ms),
    updatedAt: iso(row.updated_at_ms),
  }
}

export function getPaymentsByAccountId(sqlite: Sqlite, accountId: number, limit = 200): PaymentJson[] {
  return (statements(sqlite).payments.all(accountId, limit) as PaymentRowSql[]).map(paymentJson)
}

/** Null for a payment that does not exist or belongs to another account (both answer 404). */
export function getPaymentByAccountId(
  sqlite: Sqlite,
  accountId: number,
  paymentId: number,
): PaymentJson | null {
  const row = statements(sqlite).payment.get(accountId, paymentId) as PaymentRowSql | undefined
  return row ? paymentJson(row) : null
}
