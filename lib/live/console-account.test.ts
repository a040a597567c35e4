import { describe, expect, it } from 'vitest'
import { migrateSqlite, openSqlite } from '@/db/open'
import { accountIdForApiKey } from './accounts'
import { consoleApiKey, ensureConsoleAccount } from './console-account'

function freshDb() {
  const sqlite = openSqlite(':memory:')
  migrateSqlite(sqlite)
  return sqlite
}

describe('ensureConsoleAccount', () => {
  it('creates one account per learner on first visit and finds the same one afterwards', () => {
    const sqlite = freshDb()
    const learner = '11111111-2222-4333-8444-555555555555'
    const first = ensureConsoleAccount(sqlite, learner, 1_000)
    const again = ensureConsoleAccount(sqlite, learner, 2_000)
    expect(again).toEqual(first)
    expect(accountIdForApiKey(sqlite, first.apiKey)).toBe(first.accountId)
    const linked = sqlite.prepare('SELECT account_id FROM learners WHERE id = ?').get(learner) as {
      account_id: number
    }
    expect(linked.account_id).toBe(first.accountId)
    // Only the hash is stored.
    const stored = sqlite.prepare('SELECT api_key_hash FROM accounts WHERE id = ?').get(first.accountId) as {
      api_key_hash: string
    }
    expect(stored.api_key_hash).not.toContain(first.apiKey)
  })

  it('gives different learners different accounts and keys', () => {
    const sqlite = freshDb()
    const a = ensureConsoleAccount(sqlite, '11111111-2222-4333-8444-555555555555', 0)
    const b = ensureConsoleAccount(sqlite, '66666666-2222-4333-8444-555555555555', 0)
    expect(a.accountId).not.toBe(b.accountId)
    expect(consoleApiKey('x')).not.toBe(consoleApiKey('y'))
  })
})
