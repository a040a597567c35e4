// The engine-store contract tests' view of PostgreSQL: databases made on demand in the run's
// one cluster (tests/pg/global-setup.ts starts it, tests/pg/database.ts makes the databases).
// They are left for the cluster's removal at the end of the run: dropping one here would cut
// the pools a test file still holds open. No PostgreSQL on the machine: the global setup
// fails the run instead of skipping these tests.
import { createTestDatabase } from './database'

export interface PgCluster {
  /** A new, empty database in the run's cluster; its URL. `name` prefixes its unique name. */
  createDatabase(name: string): Promise<string>
  /** Nothing to stop: the run's cluster goes at the end of the run. */
  stop(): void
}

export async function startCluster(): Promise<PgCluster> {
  return {
    async createDatabase(name) {
      return (await createTestDatabase(name.toLowerCase().replace(/[^a-z0-9_]/g, '_'))).url
    },
    stop() {},
  }
}
