// The live console's account: one per learner, created on first visit and linked
// through learners.account_id. Its API key is HMAC(console secret, learner id), so
// the console can show it again on every visit while the database keeps only its
// hash — and creating it is itself idempotent: a second concurrent first visit
// derives the same key and meets the unique hash. The secret lives in the database
// (console-secret.ts); rotating it re-keys every console account at once.
import { createHmac } from 'node:crypto'
import { accountQueries } from '@/db/queries/accounts'
import { hashApiKey } from '@/db/seed'
import type { Db } from '@/db/sql/db'
import { consoleSecret, newConsoleSecret, replaceConsoleSecret } from './console-secret'

export function consoleApiKey(secret: string, learnerId: string): string {
  return `sk_test_${createHmac('sha256', secret).update(learnerId).digest('base64url')}`
}

/** The learner's console account id when it exists (a read: no row is made). */
export function existingConsoleAccount(db: Db, learnerId: string): Promise<number | null> {
  return accountQueries(db).findConsoleAccountIdByLearnerId({ learnerId })
}

/**
 * The learner's console account, made on the first visit: one transaction under the learner's
 * lock (PostgreSQL: the study side's advisory lock on the learner id; SQLite: its one writer), so
 * two first visits at once, on one instance or two, make one account. An existing account keyed
 * under an older secret is re-keyed.
 */
export function ensureConsoleAccount(
  db: Db,
  learnerId: string,
  nowMs: number,
): Promise<{ accountId: number; apiKey: string }> {
  const valueIfMissing = newConsoleSecret()
  return db.transaction(
    async (tx) => {
      const accounts = accountQueries(tx)
      const apiKey = consoleApiKey(await consoleSecret(tx, { valueIfMissing, nowMs }), learnerId)
      const apiKeyHash = hashApiKey(apiKey)
      await accounts.insertConsoleLearnerIfMissing({ learnerId, nowMs })
      const existing = await existingConsoleAccount(tx, learnerId)
      if (existing !== null) {
        // Normally a no-op; heals an account keyed under an older secret.
        await accounts.rekeyAccountIfChanged({ accountId: existing, apiKeyHash })
        return { accountId: existing, apiKey }
      }
      await accounts.insertAccountIfHashFree({ apiKeyHash, label: 'live console', nowMs })
      const accountId = await accounts.findAccountIdByApiKeyHash({ apiKeyHash })
      if (accountId === null) throw new Error('the console account vanished inside its own transaction')
      await accounts.linkLearnerToAccount({ learnerId, accountId })
      return { accountId, apiKey }
    },
    { lockKey: learnerId },
  )
}

/**
 * New secret, and every console account re-keyed under it, in one transaction: from
 * the commit on, old console keys answer 401 and each console shows its new key (on
 * PostgreSQL, on every instance). Returns how many accounts were re-keyed.
 */
export function rotateConsoleSecret(db: Db, nowMs: number): Promise<number> {
  const secret = newConsoleSecret()
  return db.transaction(async (tx) => {
    const accounts = accountQueries(tx)
    await replaceConsoleSecret(tx, { value: secret, nowMs })
    const linked = await accounts.listConsoleAccounts()
    for (const { learnerId, accountId } of linked)
      await accounts.rekeyAccount({ accountId, apiKeyHash: hashApiKey(consoleApiKey(secret, learnerId)) })
    return linked.length
  })
}
