// Vitest global setup: one throwaway PostgreSQL cluster for the whole unit run, its
// maintenance URL in DRILL_TEST_PG_URL. A test that needs PostgreSQL makes its own
// database in it (tests/pg/database.ts). Missing binaries fail the run, never skip it:
// CI installs them (.ci/run).
import { startPgCluster } from './cluster'

export default async function setup() {
  const startedAt = performance.now()
  const cluster = await startPgCluster()
  process.env.DRILL_TEST_PG_URL = cluster.url()
  console.log(
    `PostgreSQL test cluster on 127.0.0.1:${cluster.port} (started in ${Math.round(performance.now() - startedAt)} ms)`,
  )
  return () => cluster.stop()
}
