// Bounded storage for the payments side: accounts made through the API or the live
// console that stay idle (no new key, no payment or refund change) for
// DRILL_ACCOUNT_IDLE_DAYS are deleted with their keys, payments, refunds and the
// provider's ledger entries. Demo accounts (label 'demo account …') are never
// touched; an account with a key still in flight (in_progress / pending_unknown)
// waits for the sweeps to settle it first.
import type pg from 'pg'
import { deleteProviderEntriesOfAccountsPg, purgeIdleAccountsPg } from '@/db/live-pg'
import type { Sqlite } from '@/db/open'
import { providerPurgeQueries, purgeQueries } from '@/db/queries/purge'

/** Labels of accounts visitors make; anything else (the demo accounts) is kept. */
const PURGEABLE_LABELS = ['api', 'live console'] as const

export interface PurgeReport {
  sweep: 'idle-accounts'
  purged: number
}

export function purgeIdleAccounts(
  { sqlite, providerDb }: { sqlite: Sqlite; providerDb: Sqlite },
  { nowMs, idleMs, batch = 500 }: { nowMs: number; idleMs: number; batch?: number },
): PurgeReport {
  const ours = purgeQueries(sqlite)
  const ids = ours.listIdleAccountIds({ labels: PURGEABLE_LABELS, cutoffMs: nowMs - idleMs, batch })
  if (ids.length === 0) return { sweep: 'idle-accounts', purged: 0 }
  sqlite.transaction(() => {
    for (const accountId of ids) ours.deleteAccountWithItsRows({ accountId })
  })()
  // The provider is a separate system (its own file): our rows go first, so a crash
  // between the two leaves only provider rows for an account id nobody holds a key to.
  const provider = providerPurgeQueries(providerDb)
  providerDb.transaction(() => {
    for (const accountId of ids) provider.deleteProviderEntriesOfAccount({ accountId })
  })()
  return { sweep: 'idle-accounts', purged: ids.length }
}

/**
 * The same purge on PostgreSQL, safe when every instance runs it: what is idle is decided
 * inside the deleting transaction, under an advisory lock one instance holds at a time.
 */
export async function purgeIdleAccountsOnPostgres(
  { pool, providerPool }: { pool: pg.Pool; providerPool: pg.Pool },
  { nowMs, idleMs, batch = 500 }: { nowMs: number; idleMs: number; batch?: number },
): Promise<PurgeReport> {
  const ids = await purgeIdleAccountsPg(pool, { labels: PURGEABLE_LABELS, cutoffMs: nowMs - idleMs, batch })
  // Ours first, as on SQLite: a crash between the two leaves only provider rows nobody holds a key to.
  await deleteProviderEntriesOfAccountsPg(providerPool, ids)
  return { sweep: 'idle-accounts', purged: ids.length }
}
