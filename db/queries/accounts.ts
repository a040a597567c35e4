// Named reads and writes of the payments side's accounts: sandbox accounts made
// through the API, and the live console's account linked to a learner. Keys are
// stored as their sha256 hash only (the caller hashes).
import type { Sqlite } from '../open'
import { perConnection } from './per-connection'

function prepareAccountQueries(sqlite: Sqlite) {
  const statements = {
    insert: sqlite.prepare(
      'INSERT INTO accounts (api_key_hash, label, created_at_ms) VALUES (?, ?, ?) RETURNING id',
    ),
    insertIfHashFree: sqlite.prepare(
      'INSERT INTO accounts (api_key_hash, label, created_at_ms) VALUES (?, ?, ?) ON CONFLICT (api_key_hash) DO NOTHING',
    ),
    // Authentication runs this on every request.
    byHash: sqlite.prepare('SELECT id FROM accounts WHERE api_key_hash = ?'),
    consoleAccount: sqlite.prepare(
      'SELECT a.id FROM learners l JOIN accounts a ON a.id = l.account_id WHERE l.id = ? AND l.account_id IS NOT NULL',
    ),
    consoleAccounts: sqlite.prepare(
      'SELECT l.id AS learnerId, l.account_id AS accountId FROM learners l JOIN accounts a ON a.id = l.account_id',
    ),
    rekey: sqlite.prepare('UPDATE accounts SET api_key_hash = ? WHERE id = ?'),
    rekeyIfChanged: sqlite.prepare('UPDATE accounts SET api_key_hash = ? WHERE id = ? AND api_key_hash <> ?'),
    // The console's learner row, written inside the console account's synchronous transaction
    // (the study side's own learner queries are async: db/queries/learners.ts).
    insertLearnerIfMissing: sqlite.prepare(
      'INSERT INTO learners (id, created_at_ms) VALUES (?, ?) ON CONFLICT DO NOTHING',
    ),
    linkLearner: sqlite.prepare('UPDATE learners SET account_id = ? WHERE id = ?'),
  }

  return {
    /** A new account; returns its id (a hash already taken throws: keys are random). */
    insertAccount({
      apiKeyHash,
      label,
      nowMs,
    }: {
      apiKeyHash: string
      label: string | null
      nowMs: number
    }): number {
      return (statements.insert.get(apiKeyHash, label, nowMs) as { id: number }).id
    },
    /** A new account unless one already holds this hash (a concurrent first visit derived the same key). */
    insertAccountIfHashFree({
      apiKeyHash,
      label,
      nowMs,
    }: {
      apiKeyHash: string
      label: string
      nowMs: number
    }): void {
      statements.insertIfHashFree.run(apiKeyHash, label, nowMs)
    },
    findAccountIdByApiKeyHash({ apiKeyHash }: { apiKeyHash: string }): number | null {
      const row = statements.byHash.get(apiKeyHash) as { id: number } | undefined
      return row?.id ?? null
    },
    /** The learner's console account id when it exists. */
    findConsoleAccountIdByLearnerId({ learnerId }: { learnerId: string }): number | null {
      const row = statements.consoleAccount.get(learnerId) as { id: number } | undefined
      return row?.id ?? null
    },
    /** Every learner with a console account, and that account. */
    listConsoleAccounts(): { learnerId: string; accountId: number }[] {
      return statements.consoleAccounts.all() as { learnerId: string; accountId: number }[]
    },
    rekeyAccount({ accountId, apiKeyHash }: { accountId: number; apiKeyHash: string }): void {
      statements.rekey.run(apiKeyHash, accountId)
    },
    /** Writes only when the hash differs (normally it does not). */
    rekeyAccountIfChanged({ accountId, apiKeyHash }: { accountId: number; apiKeyHash: string }): void {
      statements.rekeyIfChanged.run(apiKeyHash, accountId, apiKeyHash)
    },
    insertConsoleLearnerIfMissing({ learnerId, nowMs }: { learnerId: string; nowMs: number }): void {
      statements.insertLearnerIfMissing.run(learnerId, nowMs)
    },
    linkLearnerToAccount({ learnerId, accountId }: { learnerId: string; accountId: number }): void {
      statements.linkLearner.run(accountId, learnerId)
    },
  }
}

export type AccountQueries = ReturnType<typeof prepareAccountQueries>
export const accountQueries = perConnection(prepareAccountQueries)
