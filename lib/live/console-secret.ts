// The live console's key secret: 32 random bytes made on first use and kept in the
// database (server_secrets), never in the code. Console keys are HMAC(secret,
// learnerId), so the console can show a learner's key again without storing it;
// anyone holding only the source (or a learner id) derives nothing.
import { randomBytes } from 'node:crypto'
import type { Sqlite } from '@/db/open'

export const CONSOLE_SECRET = 'console-key'

function newSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** The current secret, made (once, race-free) when the database has none. */
export function consoleSecret(sqlite: Sqlite, nowMs = Date.now()): string {
  sqlite
    .prepare(
      'INSERT INTO server_secrets (name, value, created_at_ms) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    )
    .run(CONSOLE_SECRET, newSecret(), nowMs)
  const row = sqlite.prepare('SELECT value FROM server_secrets WHERE name = ?').get(CONSOLE_SECRET) as {
    value: string
  }
  return row.value
}

/** Replaces the secret; the caller re-keys the console accounts in the same transaction. */
export function replaceConsoleSecret(sqlite: Sqlite, nowMs: number): string {
  const value = newSecret()
  sqlite
    .prepare(
      `INSERT INTO server_secrets (name, value, created_at_ms) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value, created_at_ms = excluded.created_at_ms`,
    )
    .run(CONSOLE_SECRET, value, nowMs)
  return value
}
