// Sandbox accounts: a random API key, shown once, stored as its sha256 hash.
import { randomBytes } from 'node:crypto'
import type { Statement } from 'better-sqlite3'
import type { Sqlite } from '@/db/open'
import { hashApiKey } from '@/db/seed'

export function newApiKey(): string {
  return `sk_test_${randomBytes(24).toString('base64url')}`
}

const insertSql = 'INSERT INTO accounts (api_key_hash, label, created_at_ms) VALUES (?, ?, ?) RETURNING id'
const byHashSql = 'SELECT id FROM accounts WHERE api_key_hash = ?'

export function createAccount(
  sqlite: Sqlite,
  { nowMs, label = null }: { nowMs: number; label?: string | null },
): { id: number; apiKey: string } {
  const apiKey = newApiKey()
  const row = sqlite.prepare(insertSql).get(hashApiKey(apiKey), label, nowMs) as { id: number }
  return { id: row.id, apiKey }
}

// One prepared statement per connection: authentication runs on every request.
const byHashStatements = new WeakMap<Sqlite, Statement>()

export function accountIdForApiKey(sqlite: Sqlite, apiKey: string): number | null {
  let statement = byHashStatements.get(sqlite)
  if (!statement) {
    statement = sqlite.prepare(byHashSql)
    byHashStatements.set(sqlite, statement)
  }
  const row = statement.get(hashApiKey(apiKey)) as { id: number } | undefined
  return row?.id ?? null
}
