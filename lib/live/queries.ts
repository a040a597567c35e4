// The live API's and the console's views of one account's key rows and payments:
// the stored rows (db/queries/payments.ts) as the JSON the GET routes answer.
import { type KeyRowRecord, type PaymentRecord, paymentQueries } from '@/db/queries/payments'
import type { Db } from '@/db/sql/db'

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

/** The GET routes' page size. */
export const LIST_LIMIT = 200

export function keyRowJson(row: KeyRowRecord): KeyRowJson {
  return {
    key: row.key,
    operation: row.operation,
    status: row.status,
    bodyHash: row.bodyHash,
    providerKey: row.providerKey,
    responseStatus: row.responseStatus,
    resourceId: row.resourceId,
    leaseUntil: iso(row.leaseUntilMs),
    createdAt: iso(row.createdAtMs),
    expiresAt: iso(row.expiresAtMs),
  }
}

export async function getKeyRowsByAccountId(
  db: Db,
  accountId: number,
  limit = LIST_LIMIT,
): Promise<KeyRowJson[]> {
  return (await paymentQueries(db).listKeyRowsByAccountId({ accountId, limit })).map(keyRowJson)
}

export function paymentJson(row: PaymentRecord): PaymentJson {
  return {
    id: row.id,
    object: 'payment',
    orderId: row.orderId,
    amount: row.amountMinor,
    currency: row.currency,
    state: row.state,
    ...(row.failureCode ? { failureCode: row.failureCode } : {}),
    amountRefunded: row.refundedMinor,
    idempotencyKey: row.idempotencyKey,
    createdAt: iso(row.createdAtMs),
    updatedAt: iso(row.updatedAtMs),
  }
}

export async function getPaymentsByAccountId(
  db: Db,
  accountId: number,
  limit = LIST_LIMIT,
): Promise<PaymentJson[]> {
  return (await paymentQueries(db).listPaymentsByAccountId({ accountId, limit })).map(paymentJson)
}

/** Null for a payment that does not exist or belongs to another account (both answer 404). */
export async function getPaymentByAccountId(
  db: Db,
  accountId: number,
  paymentId: number,
): Promise<PaymentJson | null> {
  const row = await paymentQueries(db).findPaymentByAccountAndId({ accountId, paymentId })
  return row ? paymentJson(row) : null
}
