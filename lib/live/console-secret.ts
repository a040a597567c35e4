// The live console's key secret: 32 random bytes made on first use and kept in the
// database (server_secrets), never in the code. Console keys are HMAC(secret,
// learnerId), so the console can show a learner's key again without storing it;
// anyone holding only the source (or a learner id) derives nothing.
import { randomBytes } from 'node:crypto'
import type { Sqlite } from '@/db/open'
import { serverSecretQueries } from '@/db/queries/server-secrets'

export const CONSOLE_SECRET = 'console-key'

export function newConsoleSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** The current secret, made (once, race-free) when the database has none. */
export function consoleSecret(sqlite: Sqlite, nowMs = Date.now()): string {
  const secrets = serverSecretQueries(sqlite)
  secrets.insertServerSecretIfMissing({ name: CONSOLE_SECRET, value: newConsoleSecret(), nowMs })
  return secrets.findServerSecretByName({ name: CONSOLE_SECRET }) as string
}

/** Replaces the secret; the caller re-keys the console accounts in the same transaction. */
export function replaceConsoleSecret(sqlite: Sqlite, nowMs: number): string {
  const value = newConsoleSecret()
  serverSecretQueries(sqlite).saveServerSecret({ name: CONSOLE_SECRET, value, nowMs })
  return value
}
