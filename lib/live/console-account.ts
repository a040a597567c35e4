// The live console's account: one per learner, created on first visit and linked
// through learners.account_id. Its API key is derived from the learner's secret
// cookie id (HMAC), so the console can show it again on every visit while the
// database keeps only its hash — and creating it is itself idempotent: a second
// concurrent first visit derives the same key and meets the unique hash.
import { createHmac } from 'node:crypto'
import type { Sqlite } from '@/db/open'
import { hashApiKey } from '@/db/seed'

export function consoleApiKey(learnerId: string): string {
  return `sk_test_${createHmac('sha256', 'drill-live-console').update(learnerId).digest('base64url')}`
}

export function ensureConsoleAccount(
  sqlite: Sqlite,
  learnerId: string,
  nowMs: number,
): { accountId: number; apiKey: string } {
  const apiKey = consoleApiKey(learnerId)
  const hash = hashApiKey(apiKey)
  const accountId = sqlite.transaction(() => {
    sqlite
      .prepare('INSERT INTO learners (id, created_at_ms) VALUES (?, ?) ON CONFLICT DO NOTHING')
      .run(learnerId, nowMs)
    sqlite
      .prepare(
        'INSERT INTO accounts (api_key_hash, label, created_at_ms) VALUES (?, ?, ?) ON CONFLICT (api_key_hash) DO NOTHING',
      )
      .run(hash, 'live console', nowMs)
    const { id } = sqlite.prepare('SELECT id FROM accounts WHERE api_key_hash = ?').get(hash) as {
      id: number
    }
    sqlite.prepare('UPDATE learners SET account_id = ? WHERE id = ?').run(id, learnerId)
    return id
  })()
  return { accountId, apiKey }
}
