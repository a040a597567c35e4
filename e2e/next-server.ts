// Starts our own production server (scripts/server.ts, the one `npm start` runs) from
// an existing build (NEXT_DIST_DIR) on a free port with its own database files, for
// tests that must kill the server (the crash test), tests that need other env, and
// the benchmarks. The child IS the server process (node with tsx's loader, no npx
// wrapper), so kill -9 hits the server.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

export interface NextServer {
  baseUrl: string
  port: number
  /** scripts/server.ts, or with `viaStart` scripts/start.ts (whose child is the server). */
  child: ChildProcess
  /** The pid of the process serving HTTP (the child, or start.ts's child). */
  serverPid(): number | undefined
  /** Everything the server printed, for failure messages. */
  output(): string
  kill(signal?: NodeJS.Signals): Promise<void>
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

export function distDir(): string {
  return process.env.NEXT_DIST_DIR ?? '.next'
}

export function hasBuild(dir = distDir()): boolean {
  return fs.existsSync(path.join(dir, 'BUILD_ID'))
}

/** For the benchmarks: build once (content check + next build) when there is no build yet. */
export function ensureBuild(): void {
  if (hasBuild()) return
  console.log(`No production build in ${distDir()}: building…`)
  const build = spawnSync('npm', ['run', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NEXT_DIST_DIR: distDir() },
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

async function waitForHealth(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    try {
      const res = await fetch(`${baseUrl}/api/health`)
      if (res.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`the server at ${baseUrl} did not become healthy in ${timeoutMs} ms`)
}

/** The children of a process (Linux): start.ts's one child is the server it spawned. */
function childPids(pid: number): number[] {
  try {
    return fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(/\s+/)
      .filter(Boolean)
      .map(Number)
  } catch {
    return []
  }
}

export async function startNextServer({
  port,
  env,
  timeoutMs = 60_000,
  viaStart = false,
}: {
  port?: number
  env: Record<string, string>
  timeoutMs?: number
  /**
   * Start as `npm start` does (scripts/start.ts: migrate PostgreSQL and SQLite, then serve), not
   * the server alone. kill() then signals the server itself, so SIGKILL hits the serving process.
   */
  viaStart?: boolean
}): Promise<NextServer> {
  const chosenPort = port ?? (await freePort())
  const script = path.join('scripts', viaStart ? 'start.ts' : 'server.ts')
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: {
      ...process.env,
      NEXT_DIST_DIR: distDir(),
      NEXT_TELEMETRY_DISABLED: '1',
      ...env,
      PORT: String(chosenPort),
      HOSTNAME: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout?.on('data', (chunk) => {
    output += chunk
  })
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const baseUrl = `http://127.0.0.1:${chosenPort}`
  const serverPid = () => (viaStart && child.pid ? childPids(child.pid)[0] : child.pid)
  const kill = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      const pid = serverPid()
      // start.ts exits with its server; killing start.ts alone would leave the server running.
      try {
        if (viaStart && pid !== undefined) process.kill(pid, signal)
        else child.kill(signal)
      } catch {
        // already gone: 'exit' follows
      }
    })
  try {
    await waitForHealth(baseUrl, child, timeoutMs)
  } catch (error) {
    await kill('SIGKILL')
    throw new Error(`${error instanceof Error ? error.message : error}\n--- server output ---\n${output}`)
  }
  return { baseUrl, port: chosenPort, child, serverPid, output: () => output, kill }
}
