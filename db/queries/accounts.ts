// Named reads and writes of the payments side's accounts: sandbox accounts made
// through the API, and the live console's account linked to a learner. Keys are
// stored as their sha256 hash only (the caller hashes).
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'

function prepareAccountQueries(db: Db) {
  const statements = {
    insert: 'INSERT INTO accounts (api_key_hash, label, created_at_ms) VALUES (?, ?, ?) RETURNING id',
    insertIfHashFree:
      'INSERT INTO accounts (api_key_hash, label, created_at_ms) VALUES (?, ?, ?) ON CONFLICT (api_key_hash) DO NOTHING',
    // Authentication runs this on every request.
    byHash: 'SELECT id FROM accounts WHERE api_key_hash = ?',
    consoleAccount:
      'SELECT a.id FROM learners l JOIN accounts a ON a.id = l.account_id WHERE l.id = ? AND l.account_id IS NOT NULL',
    consoleAccounts:
      'SELECT l.id AS learnerId, l.account_id AS accountId FROM learners l JOIN accounts a ON a.id = l.account_id',
    rekey: 'UPDATE accounts SET api_key_hash = ? WHERE id = ?',
    rekeyIfChanged:
      'UPDATE accounts SET api_key_hash = @apiKeyHash WHERE id = @accountId AND api_key_hash <> @apiKeyHash',
    // The console's learner row, written inside the console account's transaction.
    insertLearnerIfMissing: 'INSERT INTO learners (id, created_at_ms) VALUES (?, ?) ON CONFLICT DO NOTHING',
    linkLearner: 'UPDATE learners SET account_id = ? WHERE id = ?',
  }

  return {
    /** A new account; returns its id (a hash already taken throws: keys are random). */
    async insertAccount({
      apiKeyHash,
      label,
      nowMs,
    }: {
      apiKeyHash: string
      label: string | null
      nowMs: number
    }): Promise<number> {
      return ((await db.get(statements.insert, apiKeyHash, label, nowMs)) as { id: number }).id
    },
    /** A new account unless one already holds this hash (a concurrent first visit derived the same key). */
    async insertAccountIfHashFree({
      apiKeyHash,
      label,
      nowMs,
    }: {
      apiKeyHash: string
      label: string
      nowMs: number
    }): Promise<void> {
      await db.run(statements.insertIfHashFree, apiKeyHash, label, nowMs)
    },
    async findAccountIdByApiKeyHash({ apiKeyHash }: { apiKeyHash: string }): Promise<number | null> {
      const row = (await db.get(statements.byHash, apiKeyHash)) as { id: number } | undefined
      return row?.id ?? null
    },
    /** The learner's console account id when it exists. */
    async findConsoleAccountIdByLearnerId({ learnerId }: { learnerId: string }): Promise<number | null> {
      const row = (await db.get(statements.consoleAccount, learnerId)) as { id: number } | undefined
      return row?.id ?? null
    },
    /** Every learner with a console account, and that account. */
    async listConsoleAccounts(): Promise<{ learnerId: string; accountId: number }[]> {
      return db.all<{ learnerId: string; accountId: number }>(statements.consoleAccounts)
    },
    async rekeyAccount({ accountId, apiKeyHash }: { accountId: number; apiKeyHash: string }): Promise<void> {
      await db.run(statements.rekey, apiKeyHash, accountId)
    },
    /** Writes only when the hash differs (normally it does not). */
    async rekeyAccountIfChanged({
      accountId,
      apiKeyHash,
    }: {
      accountId: number
      apiKeyHash: string
    }): Promise<void> {
      await db.run(statements.rekeyIfChanged, { apiKeyHash, accountId })
    },
    async insertConsoleLearnerIfMissing({
      learnerId,
      nowMs,
    }: {
      learnerId: string
      nowMs: number
    }): Promise<void> {
      await db.run(statements.insertLearnerIfMissing, learnerId, nowMs)
    },
    async linkLearnerToAccount({
      learnerId,
      accountId,
    }: {
      learnerId: string
      accountId: number
    }): Promise<void> {
      await db.run(statements.linkLearner, accountId, learnerId)
    },
  }
}

export type AccountQueries = ReturnType<typeof prepareAccountQueries>
export const accountQueries = perConnection(prepareAccountQueries)
