// The live console's key secret: 32 random bytes made on first use and kept in the
// database (server_secrets), never in the code. Console keys are HMAC(secret,
// learnerId), so the console can show a learner's key again without storing it;
// anyone holding only the source (or a learner id) derives nothing.
import { randomBytes } from 'node:crypto'
import { serverSecretQueries } from '@/db/queries/server-secrets'
import type { Db } from '@/db/sql/db'

export const CONSOLE_SECRET = 'console-key'

export function newConsoleSecret(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * The current secret, made when the database has none: stored by its first writer, so every
 * instance (and every racing first visit) reads the same value. `valueIfMissing` is drawn by
 * the caller, outside any transaction body (PostgreSQL may run a body twice).
 */
export async function consoleSecret(
  db: Db,
  { valueIfMissing, nowMs }: { valueIfMissing: string; nowMs: number },
): Promise<string> {
  const secrets = serverSecretQueries(db)
  await secrets.insertServerSecretIfMissing({ name: CONSOLE_SECRET, value: valueIfMissing, nowMs })
  return (await secrets.findServerSecretByName({ name: CONSOLE_SECRET })) as string
}

/** Replaces the secret; the caller re-keys the console accounts in the same transaction. */
export async function replaceConsoleSecret(
  db: Db,
  { value, nowMs }: { value: string; nowMs: number },
): Promise<void> {
  await serverSecretQueries(db).saveServerSecret({ name: CONSOLE_SECRET, value, nowMs })
}
