// Bounded storage for the payments side: accounts made through the API or the live
// console that stay idle (no new key, no payment or refund change) for
// DRILL_ACCOUNT_IDLE_DAYS are deleted with their keys, payments, refunds and the
// provider's ledger entries. Demo accounts (label 'demo account …') are never
// touched; an account with a key still in flight (in_progress / pending_unknown)
// waits for the sweeps to settle it first.
import { providerPurgeQueries, purgeQueries } from '@/db/queries/purge'
import type { Db } from '@/db/sql/db'

/** Labels of accounts visitors make; anything else (the demo accounts) is kept. */
const PURGEABLE_LABELS = ['api', 'live console'] as const

export interface PurgeReport {
  sweep: 'idle-accounts'
  purged: number
}

/**
 * One pass, safe when every instance runs it: what is idle is decided inside the transaction
 * that deletes it (on PostgreSQL under an advisory lock one instance holds at a time: the others'
 * passes purge nothing). `db` is the app's database, `providerDb` the provider's own.
 */
export async function purgeIdleAccounts(
  { db, providerDb }: { db: Db; providerDb: Db },
  { nowMs, idleMs, batch = 500 }: { nowMs: number; idleMs: number; batch?: number },
): Promise<PurgeReport> {
  const ids = await db.transaction(async (tx) => {
    const ours = purgeQueries(tx)
    if (!(await ours.takePurgeLockIfFree())) return []
    const idle = await ours.listIdleAccountIds({ labels: PURGEABLE_LABELS, cutoffMs: nowMs - idleMs, batch })
    if (idle.length > 0) await ours.deleteAccountsWithTheirRows({ accountIds: idle })
    return idle
  })
  if (ids.length === 0) return { sweep: 'idle-accounts', purged: 0 }
  // The provider is a separate system (its own database): our rows go first, so a crash
  // between the two leaves only provider rows for an account id nobody holds a key to.
  await providerDb.transaction((tx) =>
    providerPurgeQueries(tx).deleteProviderEntriesOfAccounts({ accountIds: ids }),
  )
  return { sweep: 'idle-accounts', purged: ids.length }
}
