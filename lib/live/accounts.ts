// Sandbox accounts: a random API key, shown once, stored as its sha256 hash.
import { randomBytes } from 'node:crypto'
import { accountQueries } from '@/db/queries/accounts'
import { hashApiKey } from '@/db/seed'
import type { Db } from '@/db/sql/db'

export function newApiKey(): string {
  return `sk_test_${randomBytes(24).toString('base64url')}`
}

export async function createAccount(
  db: Db,
  { nowMs, label = null }: { nowMs: number; label?: string | null },
): Promise<{ id: number; apiKey: string }> {
  const apiKey = newApiKey()
  const id = await accountQueries(db).insertAccount({ apiKeyHash: hashApiKey(apiKey), label, nowMs })
  return { id, apiKey }
}

export function accountIdForApiKey(db: Db, apiKey: string): Promise<number | null> {
  return accountQueries(db).findAccountIdByApiKeyHash({ apiKeyHash: hashApiKey(apiKey) })
}
