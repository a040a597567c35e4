// The live console's account: one per learner, created on first visit and linked
// through learners.account_id. Its API key is HMAC(console secret, learner id), so
// the console can show it again on every visit while the database keeps only its
// hash — and creating it is itself idempotent: a second concurrent first visit
// derives the same key and meets the unique hash. The secret lives in the database
// (console-secret.ts); rotating it re-keys every console account at once.
import { createHmac } from 'node:crypto'
import type { Sqlite } from '@/db/open'
import { hashApiKey } from '@/db/seed'
import { consoleSecret, replaceConsoleSecret } from './console-secret'

export function consoleApiKey(secret: string, learnerId: string): string {
  return `sk_test_${createHmac('sha256', secret).update(learnerId).digest('base64url')}`
}

/** The learner's console account id when it exists (a read: no row is made). */
export function existingConsoleAccount(sqlite: Sqlite, learnerId: string): number | null {
  const row = sqlite
    .prepare(
      'SELECT a.id FROM learners l JOIN accounts a ON a.id = l.account_id WHERE l.id = ? AND l.account_id IS NOT NULL',
    )
    .get(learnerId) as { id: number } | undefined
  return row?.id ?? null
}

export function ensureConsoleAccount(
  sqlite: Sqlite,
  learnerId: string,
  nowMs: number,
): { accountId: number; apiKey: string } {
  return sqlite.transaction(() => {
    const apiKey = consoleApiKey(consoleSecret(sqlite, nowMs), learnerId)
    const hash = hashApiKey(apiKey)
    sqlite
      .prepare('INSERT INTO learners (id, created_at_ms) VALUES (?, ?) ON CONFLICT DO NOTHING')
      .run(learnerId, nowMs)
    const existing = existingConsoleAccount(sqlite, learnerId)
    if (existing !== null) {
      // Normally a no-op; heals an account keyed under an older secret.
      sqlite
        .prepare('UPDATE accounts SET api_key_hash = ? WHERE id = ? AND api_key_hash <> ?')
        .run(hash, existing, hash)
      return { accountId: existing, apiKey }
    }
    sqlite
      .prepare(
        'INSERT INTO accounts (api_key_hash, label, created_at_ms) VALUES (?, ?, ?) ON CONFLICT (api_key_hash) DO NOTHING',
      )
      .run(hash, 'live console', nowMs)
    const { id } = sqlite.prepare('SELECT id FROM accounts WHERE api_key_hash = ?').get(hash) as {
      id: number
    }
    sqlite.prepare('UPDATE learners SET account_id = ? WHERE id = ?').run(id, learnerId)
    return { accountId: id, apiKey }
  })()
}

/**
 * New secret, and every console account re-keyed under it, in one transaction: from
 * the commit on, old console keys answer 401 and each console shows its new key.
 * Returns how many accounts were re-keyed.
 */
export function rotateConsoleSecret(sqlite: Sqlite, nowMs: number): number {
  return sqlite.transaction(() => {
    const secret = replaceConsoleSecret(sqlite, nowMs)
    const linked = sqlite
      .prepare(
        'SELECT l.id AS learnerId, l.account_id AS accountId FROM learners l JOIN accounts a ON a.id = l.account_id',
      )
      .all() as { learnerId: string; accountId: number }[]
    const rekey = sqlite.prepare('UPDATE accounts SET api_key_hash = ? WHERE id = ?')
    for (const { learnerId, accountId } of linked)
      rekey.run(hashApiKey(consoleApiKey(secret, learnerId)), accountId)
    return linked.length
  })()
}
