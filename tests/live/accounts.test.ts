import { describe, expect, it } from 'vitest'
import { migrateSqlite, openSqlite } from '@/db/open'
import { hashApiKey, seedDemoAccounts } from '@/db/seed'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { accountIdForApiKey, createAccount } from '@/lib/live/accounts'
import { rowOf } from '@/tests/sql'

function freshDb() {
  const sqlite = openSqlite(':memory:')
  migrateSqlite(sqlite)
  seedDemoAccounts(sqlite, 0)
  return sqlite
}

describe('accounts', () => {
  it('knows the demo keys sk_test_17 and sk_test_18, and no other', async () => {
    const db = sqliteDb(freshDb())
    expect(await accountIdForApiKey(db, 'sk_test_17')).toBe(17)
    expect(await accountIdForApiKey(db, 'sk_test_18')).toBe(18)
    expect(await accountIdForApiKey(db, 'sk_test_19')).toBeNull()
  })

  it('creates an account with a random key stored only as its hash', async () => {
    const sqlite = freshDb()
    const db = sqliteDb(sqlite)
    const a = await createAccount(db, { nowMs: 1 })
    const b = await createAccount(db, { nowMs: 2 })
    expect(a.apiKey).toMatch(/^sk_test_[A-Za-z0-9_-]{32}$/)
    expect(a.apiKey).not.toBe(b.apiKey)
    expect(await accountIdForApiKey(db, a.apiKey)).toBe(a.id)
    const row = rowOf<{ api_key_hash: string }>(
      sqlite,
      'SELECT api_key_hash FROM accounts WHERE id = ?',
      a.id,
    )
    expect(row.api_key_hash).toBe(hashApiKey(a.apiKey))
  })
})
