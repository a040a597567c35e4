// Named reads and writes of server_secrets: secrets the server makes itself and
// keeps in its database (today the live console's key secret).
import type { Sqlite } from '../open'
import { perConnection } from './per-connection'

function prepareServerSecretQueries(sqlite: Sqlite) {
  const statements = {
    insertIfMissing: sqlite.prepare(
      'INSERT INTO server_secrets (name, value, created_at_ms) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    byName: sqlite.prepare('SELECT value FROM server_secrets WHERE name = ?'),
    upsert: sqlite.prepare(
      `INSERT INTO server_secrets (name, value, created_at_ms) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value, created_at_ms = excluded.created_at_ms`,
    ),
  }

  return {
    /** Stores the value unless the secret exists (the first writer wins a race). */
    insertServerSecretIfMissing({
      name,
      value,
      nowMs,
    }: {
      name: string
      value: string
      nowMs: number
    }): void {
      statements.insertIfMissing.run(name, value, nowMs)
    },
    findServerSecretByName({ name }: { name: string }): string | undefined {
      return (statements.byName.get(name) as { value: string } | undefined)?.value
    },
    saveServerSecret({ name, value, nowMs }: { name: string; value: string; nowMs: number }): void {
      statements.upsert.run(name, value, nowMs)
    },
  }
}

export type ServerSecretQueries = ReturnType<typeof prepareServerSecretQueries>
export const serverSecretQueries = perConnection(prepareServerSecretQueries)
