// The live API's own SQL on PostgreSQL (DRILL_DATABASE_URL), the twin of db/queries/accounts.ts,
// learners.ts (the console's link), server-secrets.ts, payments.ts, purge.ts and health.ts
// for the payments side: each function one statement or one transaction begun and ended
// inside it, at READ COMMITTED, 40001/40P01 retried. Every instance runs these at once, so
// each race is decided in SQL: the console secret is `INSERT … ON CONFLICT DO NOTHING`
// then read; a console account is made under its learner's row lock; the idle-account
// purge takes a transaction-level advisory lock and decides what is idle inside the
// transaction that deletes it. Columns come back under the same camelCase names as the
// SQLite queries (bigint as numbers: db/pg.ts).
import type pg from 'pg'
import { type Queryable, type Row, retrying, transaction } from './pg-transaction'
import type { KeyRowRecord, PaymentRecord } from './queries/payments'

const PAYMENT_COLUMNS = `id, order_id AS "orderId", amount_minor AS "amountMinor", currency, state,
  failure_code AS "failureCode", idempotency_key AS "idempotencyKey", refunded_minor AS "refundedMinor",
  created_at_ms AS "createdAtMs", updated_at_ms AS "updatedAtMs"`

/** 'DrillP' in ASCII as a number: the one lock the idle-account purges of all instances share. */
export const PURGE_LOCK_KEY = '75258185673808'

const SQL = {
  accountByHash: 'SELECT id FROM accounts WHERE api_key_hash = $1',
  accountInsert: 'INSERT INTO accounts (api_key_hash, label, created_at_ms) VALUES ($1, $2, $3) RETURNING id',
  accountInsertIfHashFree: `INSERT INTO accounts (api_key_hash, label, created_at_ms) VALUES ($1, $2, $3)
    ON CONFLICT (api_key_hash) DO NOTHING`,
  consoleAccount: `SELECT a.id FROM learners l JOIN accounts a ON a.id = l.account_id
    WHERE l.id = $1 AND l.account_id IS NOT NULL`,
  consoleAccounts:
    'SELECT l.id AS "learnerId", l.account_id AS "accountId" FROM learners l JOIN accounts a ON a.id = l.account_id',
  rekey: 'UPDATE accounts SET api_key_hash = $1 WHERE id = $2',
  rekeyIfChanged: 'UPDATE accounts SET api_key_hash = $1 WHERE id = $2 AND api_key_hash <> $1',
  learnerInsertIfMissing: 'INSERT INTO learners (id, created_at_ms) VALUES ($1, $2) ON CONFLICT DO NOTHING',
  learnerLock: 'SELECT id FROM learners WHERE id = $1 FOR UPDATE',
  learnerLink: 'UPDATE learners SET account_id = $1 WHERE id = $2',
  secretInsertIfMissing:
    'INSERT INTO server_secrets (name, value, created_at_ms) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
  secretByName: 'SELECT value FROM server_secrets WHERE name = $1',
  secretSave: `INSERT INTO server_secrets (name, value, created_at_ms) VALUES ($1, $2, $3)
    ON CONFLICT (name) DO UPDATE SET value = excluded.value, created_at_ms = excluded.created_at_ms`,
  keys: `SELECT key, operation, status, body_hash AS "bodyHash", provider_key AS "providerKey",
      response_status AS "responseStatus", resource_id AS "resourceId", lease_until_ms AS "leaseUntilMs",
      created_at_ms AS "createdAtMs", expires_at_ms AS "expiresAtMs"
    FROM idempotency_keys WHERE account_id = $1 ORDER BY created_at_ms DESC, key COLLATE "C" LIMIT $2`,
  payments: `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE account_id = $1 ORDER BY id DESC LIMIT $2`,
  payment: `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE account_id = $1 AND id = $2`,
  purgeLock: 'SELECT pg_try_advisory_xact_lock($1::bigint) AS locked',
  idle: `SELECT a.id FROM accounts a
    WHERE a.label = ANY($1::text[]) AND a.created_at_ms < $2
      AND NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.account_id = a.id
                      AND (k.created_at_ms >= $2 OR k.status <> 'completed'))
      AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.account_id = a.id AND p.updated_at_ms >= $2)
      AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.account_id = a.id AND r.created_at_ms >= $2)
    ORDER BY a.id LIMIT $3 FOR UPDATE OF a`,
  // In this order: an account's rows before the account.
  deleteRefunds: 'DELETE FROM refunds WHERE account_id = ANY($1::bigint[])',
  deletePayments: 'DELETE FROM payments WHERE account_id = ANY($1::bigint[])',
  deleteKeys: 'DELETE FROM idempotency_keys WHERE account_id = ANY($1::bigint[])',
  unlinkLearners: 'UPDATE learners SET account_id = NULL WHERE account_id = ANY($1::bigint[])',
  deleteAccounts: 'DELETE FROM accounts WHERE id = ANY($1::bigint[])',
  providerKeysOf:
    'DELETE FROM provider_keys WHERE entry_id IN (SELECT id FROM ledger WHERE account_id = ANY($1::bigint[]))',
  providerLedgerOf: 'DELETE FROM ledger WHERE account_id = ANY($1::bigint[])',
  ping: 'SELECT 1',
} as const

type Name = keyof typeof SQL

function run(db: Queryable, name: Name, values: unknown[] = []): Promise<pg.QueryResult<Row>> {
  return db.query({ name: `live_${name}`, text: SQL[name], values })
}

const rows = async <T>(pool: pg.Pool, name: Name, values: unknown[]): Promise<T[]> =>
  (await retrying(() => run(pool, name, values))).rows as T[]

export async function findAccountIdByApiKeyHashPg(pool: pg.Pool, apiKeyHash: string): Promise<number | null> {
  const [row] = await rows<{ id: number }>(pool, 'accountByHash', [apiKeyHash])
  return row?.id ?? null
}

export async function insertAccountPg(
  pool: pg.Pool,
  { apiKeyHash, label, nowMs }: { apiKeyHash: string; label: string | null; nowMs: number },
): Promise<number> {
  const [row] = await rows<{ id: number }>(pool, 'accountInsert', [apiKeyHash, label, nowMs])
  return row!.id
}

export async function findConsoleAccountIdByLearnerIdPg(
  pool: pg.Pool,
  learnerId: string,
): Promise<number | null> {
  const [row] = await rows<{ id: number }>(pool, 'consoleAccount', [learnerId])
  return row?.id ?? null
}

/**
 * The learner's console account under `apiKeyHash`, made on the first visit: one transaction
 * holding the learner's row lock, so two instances serving two first visits at once make one
 * account. An existing account keyed under an older secret is re-keyed.
 */
export function ensureConsoleAccountPg(
  pool: pg.Pool,
  { learnerId, apiKeyHash, nowMs }: { learnerId: string; apiKeyHash: string; nowMs: number },
): Promise<number> {
  return transaction(pool, async (client) => {
    await run(client, 'learnerInsertIfMissing', [learnerId, nowMs])
    await run(client, 'learnerLock', [learnerId])
    const existing = (await run(client, 'consoleAccount', [learnerId])).rows[0]?.id as number | undefined
    if (existing !== undefined) {
      await run(client, 'rekeyIfChanged', [apiKeyHash, existing])
      return existing
    }
    await run(client, 'accountInsertIfHashFree', [apiKeyHash, 'live console', nowMs])
    const accountId = (await run(client, 'accountByHash', [apiKeyHash])).rows[0]?.id as number | undefined
    if (accountId === undefined) throw new Error('the console account vanished inside its own transaction')
    await run(client, 'learnerLink', [accountId, learnerId])
    return accountId
  })
}

/** The secret `name`, stored by its first writer: every instance reads the same value. */
export async function serverSecretPg(
  pool: pg.Pool,
  { name, valueIfMissing, nowMs }: { name: string; valueIfMissing: string; nowMs: number },
): Promise<string> {
  await retrying(() => run(pool, 'secretInsertIfMissing', [name, valueIfMissing, nowMs]))
  const [row] = await rows<{ value: string }>(pool, 'secretByName', [name])
  return row!.value
}

/** A new secret and every console account re-keyed under it, in one transaction; how many. */
export function rotateServerSecretPg(
  pool: pg.Pool,
  {
    name,
    value,
    nowMs,
    keyHashFor,
  }: { name: string; value: string; nowMs: number; keyHashFor(learnerId: string): string },
): Promise<number> {
  return transaction(pool, async (client) => {
    await run(client, 'secretSave', [name, value, nowMs])
    const linked = (await run(client, 'consoleAccounts')).rows as { learnerId: string; accountId: number }[]
    for (const { learnerId, accountId } of linked)
      await run(client, 'rekey', [keyHashFor(learnerId), accountId])
    return linked.length
  })
}

export const listKeyRowsByAccountIdPg = (pool: pg.Pool, accountId: number, limit: number) =>
  rows<KeyRowRecord>(pool, 'keys', [accountId, limit])

export const listPaymentsByAccountIdPg = (pool: pg.Pool, accountId: number, limit: number) =>
  rows<PaymentRecord>(pool, 'payments', [accountId, limit])

export async function findPaymentByAccountAndIdPg(
  pool: pg.Pool,
  accountId: number,
  paymentId: number,
): Promise<PaymentRecord | undefined> {
  return (await rows<PaymentRecord>(pool, 'payment', [accountId, paymentId]))[0]
}

/**
 * Deletes up to `batch` idle accounts with their rows, deciding what is idle inside the
 * deleting transaction (the accounts' rows locked), under an advisory lock only one
 * instance holds at a time: another instance purging now makes this pass a no-op.
 * Returns the ids deleted, for the provider's side.
 */
export function purgeIdleAccountsPg(
  pool: pg.Pool,
  { labels, cutoffMs, batch }: { labels: readonly string[]; cutoffMs: number; batch: number },
): Promise<number[]> {
  return transaction(pool, async (client) => {
    if (!(await run(client, 'purgeLock', [PURGE_LOCK_KEY])).rows[0]?.locked) return []
    const ids = (await run(client, 'idle', [labels, cutoffMs, batch])).rows.map((r) => r.id as number)
    if (ids.length === 0) return []
    for (const name of [
      'deleteRefunds',
      'deletePayments',
      'deleteKeys',
      'unlinkLearners',
      'deleteAccounts',
    ] as const)
      await run(client, name, [ids])
    return ids
  })
}

/** The provider's ledger entries of these accounts and the keys pointing at them (its own database). */
export async function deleteProviderEntriesOfAccountsPg(
  providerPool: pg.Pool,
  accountIds: number[],
): Promise<void> {
  if (accountIds.length === 0) return
  await transaction(providerPool, async (client) => {
    await run(client, 'providerKeysOf', [accountIds])
    await run(client, 'providerLedgerOf', [accountIds])
    return undefined
  })
}

/** The liveness probe: the pool hands out a connection and it answers. */
export async function checkDatabaseAnswersPg(pool: pg.Pool): Promise<void> {
  await run(pool, 'ping')
}
