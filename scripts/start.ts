// `npm start`: build when the sources are newer than the last build, migrate the
// database (DRILL_DB), then serve the production build on PORT (default 3000)
// through scripts/server.ts (client addresses from the socket; see lib/http/README.md).
// With DRILL_DATABASE_URL / DRILL_PROVIDER_DATABASE_URL set, those PostgreSQL databases
// are migrated first of all, so one that cannot be reached is said at once, in one line.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { migrateDatabase } from '@/db/migrate'
import { DatabaseOpenError, defaultDbPath } from '@/db/open'

const distDir = process.env.NEXT_DIST_DIR ?? '.next'
const sourcePaths = [
  'app',
  'components',
  'lib',
  'content',
  'db',
  'sw',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'instrumentation-client.ts',
  'next.config.ts',
  'package-lock.json',
]

function newestMtimeMs(target: string): number {
  if (!fs.existsSync(target)) return 0
  const stat = fs.statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(target))
    newest = Math.max(newest, newestMtimeMs(path.join(target, entry)))
  return newest
}

function buildIsStale(): boolean {
  const buildId = path.join(distDir, 'BUILD_ID')
  if (!fs.existsSync(buildId)) return true
  const builtAt = fs.statSync(buildId).mtimeMs
  return sourcePaths.some((p) => newestMtimeMs(p) > builtAt)
}

if (process.env.DRILL_DATABASE_URL?.trim() || process.env.DRILL_PROVIDER_DATABASE_URL?.trim()) {
  // Loaded only then: without PostgreSQL the start runs exactly as it always has.
  const { migratePostgresFromEnvOrExit } = await import('@/db/migrate-pg')
  await migratePostgresFromEnvOrExit()
}

if (buildIsStale()) {
  console.log('Building Drill (sources changed since the last build)…')
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

try {
  migrateDatabase()
} catch (error) {
  if (error instanceof DatabaseOpenError) {
    console.error(error.message)
    process.exit(1)
  }
  throw error
}

const port = process.env.PORT ?? '3000'
console.log(`Drill on http://localhost:${port} (database ${defaultDbPath()})`)
const server = spawn(process.execPath, ['--import', 'tsx', path.join('scripts', 'server.ts')], {
  stdio: 'inherit',
  env: { ...process.env, PORT: port },
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
