// Named reads and writes of server_secrets: secrets the server makes itself and
// keeps in its database (today the live console's key secret).
import type { Db } from '../sql/db'
import { perConnection } from './per-connection'

function prepareServerSecretQueries(db: Db) {
  const statements = {
    insertIfMissing:
      'INSERT INTO server_secrets (name, value, created_at_ms) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    byName: 'SELECT value FROM server_secrets WHERE name = ?',
    upsert: `INSERT INTO server_secrets (name, value, created_at_ms) VALUES (?, ?, ?)
       ON CONFLICT (name) DO UPDATE SET value = excluded.value, created_at_ms = excluded.created_at_ms`,
  }

  return {
    /** Stores the value unless the secret exists (the first writer wins a race, on every instance). */
    async insertServerSecretIfMissing({
      name,
      value,
      nowMs,
    }: {
      name: string
      value: string
      nowMs: number
    }): Promise<void> {
      await db.run(statements.insertIfMissing, name, value, nowMs)
    },
    async findServerSecretByName({ name }: { name: string }): Promise<string | undefined> {
      return ((await db.get(statements.byName, name)) as { value: string } | undefined)?.value
    },
    async saveServerSecret({
      name,
      value,
      nowMs,
    }: {
      name: string
      value: string
      nowMs: number
    }): Promise<void> {
      await db.run(statements.upsert, name, value, nowMs)
    },
  }
}

export type ServerSecretQueries = ReturnType<typeof prepareServerSecretQueries>
export const serverSecretQueries = perConnection(prepareServerSecretQueries)
