// The live console's account: one per learner, created on first visit and linked
// through learners.account_id. Its API key is HMAC(console secret, learner id), so
// the console can show it again on every visit while the database keeps only its
// hash — and creating it is itself idempotent: a second concurrent first visit
// derives the same key and meets the unique hash. The secret lives in the database
// (console-secret.ts); rotating it re-keys every console account at once.
import { createHmac } from 'node:crypto'
import type pg from 'pg'
import { rotateServerSecretPg } from '@/db/live-pg'
import type { Sqlite } from '@/db/open'
import { accountQueries } from '@/db/queries/accounts'
import { hashApiKey } from '@/db/seed'
import { CONSOLE_SECRET, consoleSecret, newConsoleSecret, replaceConsoleSecret } from './console-secret'

export function consoleApiKey(secret: string, learnerId: string): string {
  return `sk_test_${createHmac('sha256', secret).update(learnerId).digest('base64url')}`
}

/** The learner's console account id when it exists (a read: no row is made). */
export function existingConsoleAccount(sqlite: Sqlite, learnerId: string): number | null {
  return accountQueries(sqlite).findConsoleAccountIdByLearnerId({ learnerId })
}

export function ensureConsoleAccount(
  sqlite: Sqlite,
  learnerId: string,
  nowMs: number,
): { accountId: number; apiKey: string } {
  const accounts = accountQueries(sqlite)
  return sqlite.transaction(() => {
    const apiKey = consoleApiKey(consoleSecret(sqlite, nowMs), learnerId)
    const apiKeyHash = hashApiKey(apiKey)
    accounts.insertConsoleLearnerIfMissing({ learnerId, nowMs })
    const existing = existingConsoleAccount(sqlite, learnerId)
    if (existing !== null) {
      // Normally a no-op; heals an account keyed under an older secret.
      accounts.rekeyAccountIfChanged({ accountId: existing, apiKeyHash })
      return { accountId: existing, apiKey }
    }
    accounts.insertAccountIfHashFree({ apiKeyHash, label: 'live console', nowMs })
    const accountId = accounts.findAccountIdByApiKeyHash({ apiKeyHash })
    if (accountId === null) throw new Error('the console account vanished inside its own transaction')
    accounts.linkLearnerToAccount({ learnerId, accountId })
    return { accountId, apiKey }
  })()
}

/**
 * New secret, and every console account re-keyed under it, in one transaction: from
 * the commit on, old console keys answer 401 and each console shows its new key.
 * Returns how many accounts were re-keyed.
 */
export function rotateConsoleSecret(sqlite: Sqlite, nowMs: number): number {
  const accounts = accountQueries(sqlite)
  return sqlite.transaction(() => {
    const secret = replaceConsoleSecret(sqlite, nowMs)
    const linked = accounts.listConsoleAccounts()
    for (const { learnerId, accountId } of linked)
      accounts.rekeyAccount({ accountId, apiKeyHash: hashApiKey(consoleApiKey(secret, learnerId)) })
    return linked.length
  })()
}

/** The same rotation on PostgreSQL (DRILL_DATABASE_URL): one transaction, seen by every instance at its commit. */
export function rotateConsoleSecretOnPostgres(pool: pg.Pool, nowMs: number): Promise<number> {
  const secret = newConsoleSecret()
  return rotateServerSecretPg(pool, {
    name: CONSOLE_SECRET,
    value: secret,
    nowMs,
    keyHashFor: (learnerId) => hashApiKey(consoleApiKey(secret, learnerId)),
  })
}
