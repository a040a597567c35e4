// Rows every fresh database has: the two demo accounts from the card (17 and 18).
import { createHash } from 'node:crypto'
import type { Sqlite } from './open'

export const demoAccounts = [
  { id: 17, apiKey: 'sk_test_17', label: 'demo account 17' },
  { id: 18, apiKey: 'sk_test_18', label: 'demo account 18' },
] as const

export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey).digest('hex')
}

export function seedDemoAccounts(sqlite: Sqlite, nowMs: number): void {
  const insert = sqlite.prepare(
    'INSERT INTO accounts (id, api_key_hash, label, created_at_ms) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
  )
  for (const account of demoAccounts) insert.run(account.id, hashApiKey(account.apiKey), account.label, nowMs)
}
