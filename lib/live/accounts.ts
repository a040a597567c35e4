// Sandbox accounts: a random API key, shown once, stored as its sha256 hash.
import { randomBytes } from 'node:crypto'
import type { Sqlite } from '@/db/open'
import { accountQueries } from '@/db/queries/accounts'
import { hashApiKey } from '@/db/seed'

export function newApiKey(): string {
  return `sk_test_${randomBytes(24).toString('base64url')}`
}

export function createAccount(
  sqlite: Sqlite,
  { nowMs, label = null }: { nowMs: number; label?: string | null },
): { id: number; apiKey: string } {
  const apiKey = newApiKey()
  const id = accountQueries(sqlite).insertAccount({ apiKeyHash: hashApiKey(apiKey), label, nowMs })
  return { id, apiKey }
}

export function accountIdForApiKey(sqlite: Sqlite, apiKey: string): number | null {
  return accountQueries(sqlite).findAccountIdByApiKeyHash({ apiKeyHash: hashApiKey(apiKey) })
}
