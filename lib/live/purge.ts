// Bounded storage for the payments side: accounts made through the API or the live
// console that stay idle (no new key, no payment or refund change) for
// DRILL_ACCOUNT_IDLE_DAYS are deleted with their keys, payments, refunds and the
// provider's ledger entries. Demo accounts (label 'demo account …') are never
// touched; an account with a key still in flight (in_progress / pending_unknown)
// waits for the sweeps to settle it first.
import type { Sqlite } from '@/db/open'

/** Labels of accounts visitors make; anything else (the demo accounts) is kept. */
const PURGEABLE_LABELS = ['api', 'live console'] as const

export interface PurgeReport {
  sweep: 'idle-accounts'
  purged: number
}

const idleSql = `
SELECT a.id FROM accounts a
WHERE a.label IN (${PURGEABLE_LABELS.map(() => '?').join(', ')})
  AND a.created_at_ms < @cutoff
  AND NOT EXISTS (SELECT 1 FROM idempotency_keys k WHERE k.account_id = a.id
                  AND (k.created_at_ms >= @cutoff OR k.status <> 'completed'))
  AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.account_id = a.id AND p.updated_at_ms >= @cutoff)
  AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.account_id = a.id AND r.created_at_ms >= @cutoff)
LIMIT @batch`

export function purgeIdleAccounts(
  { sqlite, providerDb }: { sqlite: Sqlite; providerDb: Sqlite },
  { nowMs, idleMs, batch = 500 }: { nowMs: number; idleMs: number; batch?: number },
): PurgeReport {
  const cutoff = nowMs - idleMs
  const ids = (sqlite.prepare(idleSql).all(...PURGEABLE_LABELS, { cutoff, batch }) as { id: number }[]).map(
    (r) => r.id,
  )
  if (ids.length === 0) return { sweep: 'idle-accounts', purged: 0 }
  sqlite.transaction(() => {
    for (const sql of [
      'DELETE FROM refunds WHERE account_id = ?',
      'DELETE FROM payments WHERE account_id = ?',
      'DELETE FROM idempotency_keys WHERE account_id = ?',
      'UPDATE learners SET account_id = NULL WHERE account_id = ?',
      'DELETE FROM accounts WHERE id = ?',
    ]) {
      const statement = sqlite.prepare(sql)
      for (const id of ids) statement.run(id)
    }
  })()
  // The provider is a separate system (its own file): our rows go first, so a crash
  // between the two leaves only provider rows for an account id nobody holds a key to.
  providerDb.transaction(() => {
    const keys = providerDb.prepare(
      'DELETE FROM provider_keys WHERE entry_id IN (SELECT id FROM ledger WHERE account_id = ?)',
    )
    const ledger = providerDb.prepare('DELETE FROM ledger WHERE account_id = ?')
    for (const id of ids) {
      keys.run(id)
      ledger.run(id)
    }
  })()
  return { sweep: 'idle-accounts', purged: ids.length }
}
