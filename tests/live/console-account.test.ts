import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { migrateSqlite, openSqlite } from '@/db/open'
import { sqliteDb } from '@/db/sql/sqlite-db'
import { accountIdForApiKey } from '@/lib/live/accounts'
import { consoleApiKey, ensureConsoleAccount, rotateConsoleSecret } from '@/lib/live/console-account'
import { rowOf } from '@/tests/sql'

function freshDb() {
  const sqlite = openSqlite(':memory:')
  migrateSqlite(sqlite)
  return sqlite
}

describe('ensureConsoleAccount', () => {
  it('creates one account per learner on first visit and finds the same one afterwards', async () => {
    const sqlite = freshDb()
    const db = sqliteDb(sqlite)
    const learner = '11111111-2222-4333-8444-555555555555'
    const first = await ensureConsoleAccount(db, learner, 1_000)
    const again = await ensureConsoleAccount(db, learner, 2_000)
    expect(again).toEqual(first)
    expect(await accountIdForApiKey(db, first.apiKey)).toBe(first.accountId)
    const linked = rowOf<{ account_id: number }>(
      sqlite,
      'SELECT account_id FROM learners WHERE id = ?',
      learner,
    )
    expect(linked.account_id).toBe(first.accountId)
    // Only the hash is stored.
    const stored = rowOf<{ api_key_hash: string }>(
      sqlite,
      'SELECT api_key_hash FROM accounts WHERE id = ?',
      first.accountId,
    )
    expect(stored.api_key_hash).not.toContain(first.apiKey)
  })

  it('gives different learners different accounts and keys', async () => {
    const sqlite = freshDb()
    const db = sqliteDb(sqlite)
    const a = await ensureConsoleAccount(db, '11111111-2222-4333-8444-555555555555', 0)
    const b = await ensureConsoleAccount(db, '66666666-2222-4333-8444-555555555555', 0)
    expect(a.accountId).not.toBe(b.accountId)
    expect(consoleApiKey('s', 'x')).not.toBe(consoleApiKey('s', 'y'))
  })

  it('never derives the key from the old literal secret', async () => {
    const sqlite = freshDb()
    const db = sqliteDb(sqlite)
    const learner = '11111111-2222-4333-8444-555555555555'
    const account = await ensureConsoleAccount(db, learner, 0)
    const oldLiteral = `sk_test_${createHmac('sha256', 'drill-live-console').update(learner).digest('base64url')}`
    expect(account.apiKey).not.toBe(oldLiteral)
    expect(await accountIdForApiKey(db, oldLiteral)).toBeNull()
  })

  it('rotation re-keys every console account: the old key stops working, the new one is shown', async () => {
    const sqlite = freshDb()
    const db = sqliteDb(sqlite)
    const learner = '11111111-2222-4333-8444-555555555555'
    const before = await ensureConsoleAccount(db, learner, 0)
    expect(await rotateConsoleSecret(db, 1)).toBe(1)
    expect(await accountIdForApiKey(db, before.apiKey)).toBeNull()
    const after = await ensureConsoleAccount(db, learner, 2)
    expect(after.accountId).toBe(before.accountId)
    expect(after.apiKey).not.toBe(before.apiKey)
    expect(await accountIdForApiKey(db, after.apiKey)).toBe(before.accountId)
  })
})
