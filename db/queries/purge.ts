// The idle-account purge's statements (lib/live/purge.ts decides what is idle and
// in which order the two files go). The provider's ledger is another system's
// file: its tables are the simulated provider's (lib/engine/provider-sim-db.ts),
// so its deletes are prepared on that connection, apart from ours.
import type { Sqlite } from '../open'
import { perConnection } from './per-connection'

function preparePurgeQueries(sqlite: Sqlite) {
  const statements = {
    idle: sqlite.prepare(`
SELECT a.id FROM accounts a
WHERE a.label IN (SELECT value FROM json_each(@labels))
  AND a.created_at_ms < @cutoff
  AND NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.account_id = a.id
                  AND (k.created_at_ms >= @cutoff OR k.status <> 'completed'))
  AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.account_id = a.id AND p.updated_at_ms >= @cutoff)
  AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.account_id = a.id AND r.created_at_ms >= @cutoff)
LIMIT @batch`),
    // In this order: an account's rows before the account.
    deleteAccountRows: [
      'DELETE FROM refunds WHERE account_id = ?',
      'DELETE FROM payments WHERE account_id = ?',
      'DELETE FROM idempotency_keys WHERE account_id = ?',
      'UPDATE learners SET account_id = NULL WHERE account_id = ?',
      'DELETE FROM accounts WHERE id = ?',
    ].map((sql) => sqlite.prepare(sql)),
  }

  return {
    /**
     * Accounts with one of these labels, made before the cutoff, with no key, payment or refund
     * change since and no key still in flight; at most `batch`.
     */
    listIdleAccountIds({
      labels,
      cutoffMs,
      batch,
    }: {
      labels: readonly string[]
      cutoffMs: number
      batch: number
    }): number[] {
      const rows = statements.idle.all({ labels: JSON.stringify(labels), cutoff: cutoffMs, batch }) as {
        id: number
      }[]
      return rows.map((row) => row.id)
    },
    /** The account with its refunds, payments and keys; its learner keeps studying, unlinked. Call in a transaction. */
    deleteAccountWithItsRows({ accountId }: { accountId: number }): void {
      for (const statement of statements.deleteAccountRows) statement.run(accountId)
    },
  }
}

function prepareProviderPurgeQueries(providerDb: Sqlite) {
  const statements = {
    keys: providerDb.prepare(
      'DELETE FROM provider_keys WHERE entry_id IN (SELECT id FROM ledger WHERE account_id = ?)',
    ),
    ledger: providerDb.prepare('DELETE FROM ledger WHERE account_id = ?'),
  }

  return {
    /** The provider's ledger entries of one account and the keys that point at them. Call in a transaction. */
    deleteProviderEntriesOfAccount({ accountId }: { accountId: number }): void {
      statements.keys.run(accountId)
      statements.ledger.run(accountId)
    },
  }
}

export const purgeQueries = perConnection(preparePurgeQueries)
export const providerPurgeQueries = perConnection(prepareProviderPurgeQueries)
