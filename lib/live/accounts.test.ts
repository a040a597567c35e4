import { describe, expect, it } from 'vitest'
import { migrateSqlite, openSqlite } from '@/db/open'
import { hashApiKey, seedDemoAccounts } from '@/db/seed'
import { rowOf } from '@/tests/sql'
import { accountIdForApiKey, createAccount } from './accounts'

function freshDb() {
  const sqlite = openSqlite(':memory:')
  migrateSqlite(sqlite)
  seedDemoAccounts(sqlite, 0)
  return sqlite
}

describe('accounts', () => {
  it('knows the demo keys sk_test_17 and sk_test_18, and no other', () => {
    const sqlite = freshDb()
    expect(accountIdForApiKey(sqlite, 'sk_test_17')).toBe(17)
    expect(accountIdForApiKey(sqlite, 'sk_test_18')).toBe(18)
    expect(accountIdForApiKey(sqlite, 'sk_test_19')).toBeNull()
  })

  it('creates an account with a random key stored only as its hash', () => {
    const sqlite = freshDb()
    const a = createAccount(sqlite, { nowMs: 1 })
    const b = createAccount(sqlite, { nowMs: 2 })
    expect(a.apiKey).toMatch(/^sk_test_[A-Za-z0-9_-]{32}$/)
    expect(a.apiKey).not.toBe(b.apiKey)
    expect(accountIdForApiKey(sqlite, a.apiKey)).toBe(a.id)
    const row = rowOf<{ api_key_hash: string }>(
      sqlite,
      'SELECT api_key_hash FROM accounts WHERE id = ?',
      a.id,
    )
    expect(row.api_key_hash).toBe(hashApiKey(a.apiKey))
  })
})
