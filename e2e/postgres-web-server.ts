// The `postgres` Playwright project's web server (playwright.config.ts): a throwaway
// PostgreSQL cluster (tests/pg/cluster.ts), two fresh databases in it migrated as `npm start`
// does (db/migrate-pg.ts: the advisory-locked migrator, then the seed), and the production
// server (scripts/server.ts) on them, from the build the `sqlite` project's web server made.
// Once the server answers /api/health it prints the cluster's maintenance URL in one line
// Playwright waits for (`wait.stdout`): the named group lands in the runner's
// DRILL_TEST_PG_URL, which every worker inherits, so specs that start a server of their own
// make their databases in the same cluster (e2e/project-databases.ts).
// SIGTERM or SIGINT (Playwright's graceful shutdown) stops the server, then the cluster; if
// this process dies anyway, the cluster's reaper removes it.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { startPgCluster } from '../tests/pg/cluster'
import { SHARED_APP_DATABASE, SHARED_PROVIDER_DATABASE } from './postgres-names'

const port = Number(process.env.PORT ?? 3101)
const baseUrl = `http://127.0.0.1:${port}`

async function healthy(child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`the server at ${baseUrl} did not become healthy in ${timeoutMs} ms`)
}

const cluster = await startPgCluster()
let server: ChildProcess | undefined
let stopping = false

function stopAll(code: number): never {
  cluster.stop()
  process.exit(code)
}

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    if (!server || server.exitCode !== null || server.signalCode !== null) stopAll(0)
    server.once('exit', () => stopAll(0))
    server.kill('SIGTERM')
  })

try {
  const env = {
    ...process.env,
    DRILL_DATABASE_URL: await cluster.createDatabase(SHARED_APP_DATABASE),
    DRILL_PROVIDER_DATABASE_URL: await cluster.createDatabase(SHARED_PROVIDER_DATABASE),
  }
  const migrate = spawnSync(process.execPath, ['--import', 'tsx', path.join('db', 'migrate-pg.ts')], {
    env,
    stdio: 'inherit',
  })
  if (migrate.status !== 0)
    throw new Error(`db/migrate-pg.ts failed (exit ${migrate.status ?? migrate.signal})`)
  server = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'server.ts')], {
    env,
    stdio: 'inherit',
  })
  server.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[postgres web server] the server exited (${code ?? signal}); stopping the cluster`)
      stopAll(code ?? 1)
    }
  })
  await healthy(server, 240_000)
  console.log(`> e2e PostgreSQL cluster ${cluster.url()} serving ${baseUrl}`)
} catch (error) {
  console.error(`[postgres web server] ${error instanceof Error ? error.message : error}`)
  server?.kill('SIGKILL')
  stopAll(1)
}
