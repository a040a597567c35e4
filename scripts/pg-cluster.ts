// `npx tsx scripts/pg-cluster.ts [database …]`: a throwaway PostgreSQL cluster (the one
// the unit tests start, tests/pg/cluster.ts) for trying Drill on PostgreSQL by hand, e2e
// runs and benches. Prints one URL per database — with no names, `drill` and
// `drill_provider` as the two variables Drill reads — and runs until Ctrl-C or SIGTERM,
// which stop the server and remove its folder.
import { PgClusterError, startPgCluster } from '@/tests/pg/cluster'

const names = process.argv.slice(2)
const startedAt = performance.now()
let cluster: Awaited<ReturnType<typeof startPgCluster>>
try {
  cluster = await startPgCluster()
} catch (error) {
  if (!(error instanceof PgClusterError)) throw error
  console.error(error.message)
  process.exit(1)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => {
    cluster.stop()
    process.exit(0)
  })
try {
  if (names.length === 0) {
    console.log(`DRILL_DATABASE_URL=${await cluster.createDatabase('drill')}`)
    console.log(`DRILL_PROVIDER_DATABASE_URL=${await cluster.createDatabase('drill_provider')}`)
  } else for (const name of names) console.log(`${name}=${await cluster.createDatabase(name)}`)
} catch (error) {
  cluster.stop()
  throw error
}
console.error(
  `PostgreSQL on 127.0.0.1:${cluster.port} in ${cluster.dir} (started in ${Math.round(performance.now() - startedAt)} ms); Ctrl-C stops it and removes the folder.`,
)
// Nothing else keeps the process alive: wait for a signal.
setInterval(() => {}, 1 << 30)
