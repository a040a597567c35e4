// The idle-account purge's statements (lib/live/purge.ts decides the transactions and in
// which order the two databases go). The provider's ledger is another system's database: its
// tables are the simulated provider's (lib/engine/provider-sim-db.ts, db/schema-provider-pg.ts),
// so its deletes run on that connection, apart from ours.
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'

/** 'DrillP' in ASCII as a number: the one lock the idle-account purges of all instances share. */
export const PURGE_LOCK_KEY = '75258185673808'

/**
 * `column` is one of a list given as one value: a JSON array on SQLite (`json_each`), an array
 * on PostgreSQL (`= ANY`), so the statement's text does not depend on the list's length.
 */
function inList(db: Db, column: string, name: string, type: 'text' | 'bigint'): string {
  return db.dialect === 'postgres'
    ? `${column} = ANY(@${name}::${type}[])`
    : `${column} IN (SELECT value FROM json_each(@${name}))`
}

const listValue = (db: Db, values: readonly (string | number)[]): unknown =>
  db.dialect === 'postgres' ? values : JSON.stringify(values)

function preparePurgeQueries(db: Db) {
  const ids = (column: string) => inList(db, column, 'ids', 'bigint')
  const statements = {
    // PostgreSQL: only one instance purges at a time; the others' passes are no-ops.
    lock: 'SELECT pg_try_advisory_xact_lock(CAST(? AS bigint)) AS locked',
    // PostgreSQL: the rows locked, so a key claimed meanwhile waits for this decision (SQLite has one writer).
    idle: `SELECT a.id FROM accounts a
WHERE ${inList(db, 'a.label', 'labels', 'text')}
  AND a.created_at_ms < @cutoff
  AND NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.account_id = a.id
                  AND (k.created_at_ms >= @cutoff OR k.status <> 'completed'))
  AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.account_id = a.id AND p.updated_at_ms >= @cutoff)
  AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.account_id = a.id AND r.created_at_ms >= @cutoff)
  AND NOT EXISTS (SELECT 1 FROM lock_leases l WHERE l.account_id = a.id
                  AND (l.lease_until_ms >= @cutoff OR l.value_at_ms >= @cutoff))
ORDER BY a.id LIMIT @batch${db.dialect === 'postgres' ? ' FOR UPDATE OF a' : ''}`,
    // In this order: an account's rows before the account.
    deleteAccountRows: [
      `DELETE FROM refunds WHERE ${ids('account_id')}`,
      `DELETE FROM payments WHERE ${ids('account_id')}`,
      `DELETE FROM idempotency_keys WHERE ${ids('account_id')}`,
      `DELETE FROM lock_leases WHERE ${ids('account_id')}`,
      `UPDATE learners SET account_id = NULL WHERE ${ids('account_id')}`,
      `DELETE FROM accounts WHERE ${ids('id')}`,
    ],
  }

  return {
    /**
     * True when this transaction may purge: on PostgreSQL a transaction-level advisory lock taken
     * if free (another instance purging now makes this pass a no-op); SQLite's write transaction
     * already runs alone. Call in the purge's transaction.
     */
    async takePurgeLockIfFree(): Promise<boolean> {
      if (db.dialect !== 'postgres') return true
      const row = await db.get<{ locked: boolean | number }>(statements.lock, PURGE_LOCK_KEY)
      return Boolean(row?.locked)
    },
    /**
     * Accounts with one of these labels, made before the cutoff, with no key, payment or refund
     * change since and no key still in flight; at most `batch`, lowest id first.
     */
    async listIdleAccountIds({
      labels,
      cutoffMs,
      batch,
    }: {
      labels: readonly string[]
      cutoffMs: number
      batch: number
    }): Promise<number[]> {
      const rows = await db.all<{ id: number }>(statements.idle, {
        labels: listValue(db, labels),
        cutoff: cutoffMs,
        batch,
      })
      return rows.map((row) => row.id)
    },
    /** The accounts with their refunds, payments and keys; their learners keep studying, unlinked. Call in a transaction. */
    async deleteAccountsWithTheirRows({ accountIds }: { accountIds: readonly number[] }): Promise<void> {
      for (const sql of statements.deleteAccountRows) await db.run(sql, { ids: listValue(db, accountIds) })
    },
  }
}

function prepareProviderPurgeQueries(providerDb: Db) {
  const ids = inList(providerDb, 'account_id', 'ids', 'bigint')
  const statements = {
    keys: `DELETE FROM provider_keys WHERE entry_id IN (SELECT id FROM ledger WHERE ${ids})`,
    ledger: `DELETE FROM ledger WHERE ${ids}`,
  }

  return {
    /** The provider's ledger entries of these accounts and the keys that point at them. Call in a transaction. */
    async deleteProviderEntriesOfAccounts({ accountIds }: { accountIds: readonly number[] }): Promise<void> {
      const values = { ids: listValue(providerDb, accountIds) }
      // Both issued before the first await. On SQLite each then runs at once, back to back, so
      // nothing the simulated provider does on its connection (it passes no gate) lands between
      // them; on PostgreSQL one connection runs them in order.
      await Promise.all([providerDb.run(statements.keys, values), providerDb.run(statements.ledger, values)])
    },
  }
}

export const purgeQueries = perConnection(preparePurgeQueries)
export const providerPurgeQueries = perConnection(prepareProviderPurgeQueries)
