import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { migrateDatabase } from '@/db/migrate'
import { openSqlite } from '@/db/open'
import { hashApiKey } from '@/db/seed'

function tempDbPath(): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'drill-db-')), 'nested', 'drill.db')
}

describe('the app database', () => {
  test('migrating creates the folder, the tables and the demo accounts, with WAL and foreign keys on', () => {
    const dbPath = tempDbPath()
    migrateDatabase(dbPath)
    const sqlite = openSqlite(dbPath)
    const tables = sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[]
    expect(tables).toEqual(
      expect.arrayContaining([
        'accounts',
        'idempotency_keys',
        'payments',
        'review_logs',
        'card_states',
        'learners',
      ]),
    )
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1)
    const demo = sqlite.prepare('SELECT id FROM accounts WHERE api_key_hash = ?').pluck()
    expect(demo.get(hashApiKey('sk_test_17'))).toBe(17)
    expect(demo.get(hashApiKey('sk_test_18'))).toBe(18)
    sqlite.close()
  })

  test('migrating twice changes nothing', () => {
    const dbPath = tempDbPath()
    migrateDatabase(dbPath)
    migrateDatabase(dbPath)
    const sqlite = openSqlite(dbPath)
    expect(sqlite.prepare('SELECT count(*) FROM accounts').pluck().get()).toBe(2)
    sqlite.close()
  })

  test('an unusable DRILL_DB path fails with one line naming the path, not a stack trace', () => {
    const badPath = '/dev/null/drill.db'
    const result = spawnSync('npx', ['tsx', 'db/migrate.ts'], {
      env: { ...process.env, DRILL_DB: badPath },
      encoding: 'utf8',
    })
    expect(result.status).toBe(1)
    const lines = result.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toContain(`Cannot open the database at ${badPath}`)
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })
})
