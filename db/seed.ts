// Rows a fresh database has: the two demo accounts from the card (17 and 18), with
// published keys — seeded only while DRILL_DEMO_ACCOUNTS is not '0' (default on, so
// the README's walkthrough works locally; a public host turns them off).
import { createHash } from 'node:crypto'
import type { Sqlite } from './open'

export const demoAccounts = [
  { id: 17, apiKey: 'sk_test_17', label: 'demo account 17' },
  { id: 18, apiKey: 'sk_test_18', label: 'demo account 18' },
] as const

export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex')
}

export function demoAccountsEnabled(env: Record<string, string | undefined> = process.env): boolean {
  return env.DRILL_DEMO_ACCOUNTS?.trim() !== '0'
}

/** Seeds the demo accounts, or — turned off — removes them, so their published keys answer 401. */
export function seedDemoAccounts(sqlite: Sqlite, nowMs: number, enabled = demoAccountsEnabled()): void {
  if (!enabled) {
    const remove = sqlite.prepare('DELETE FROM accounts WHERE id = ? AND api_key_hash = ?')
    for (const account of demoAccounts) remove.run(account.id, hashApiKey(account.apiKey))
    return
  }
  const insert = sqlite.prepare(
    'INSERT INTO accounts (id, api_key_hash, label, created_at_ms) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  )
  for (const account of demoAccounts) insert.run(account.id, hashApiKey(account.apiKey), account.label, nowMs)
}
