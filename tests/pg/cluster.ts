// A throwaway PostgreSQL cluster for tests, e2e and benches: `initdb` into a temp
// folder, `pg_ctl start` on a free port on 127.0.0.1 with the unix socket in that same
// folder, databases made on demand; `stop()` kills it (`-m immediate`: nothing in it is
// worth a clean shutdown) and removes the folder. Uses Debian's `postgresql` binaries
// (/usr/lib/postgresql/<major>/bin, or DRILL_PG_BIN); as root, initdb and pg_ctl run as
// the `postgres` user, since initdb refuses root.
//
// Built for speed, not durability: trust auth on loopback only, fsync and synchronous
// commits off. A crash test kills the app's processes, never this server, so what the
// server acknowledged stays visible to the next query either way.
import { type SpawnSyncOptions, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

/** The binaries are missing or unusable: said so the fix is obvious. Never a reason to skip. */
export class PgClusterError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PgClusterError'
  }
}

export interface PgCluster {
  port: number
  /** The temp folder: data/, the socket and server.log. */
  dir: string
  /** A URL to one of its databases (default `postgres`, the maintenance database). */
  url(database?: string): string
  /** Creates an empty database and returns its URL. */
  createDatabase(name: string): Promise<string>
  /** Stops the server at once and removes the folder. Idempotent. */
  stop(): void
  /**
   * Takes the server away (every connection cut), keeping its data, port and folder: a fast
   * shutdown, so what it acknowledged survives (with synchronous_commit off an immediate one
   * could drop the last commits).
   */
  pause(): void
  /** Starts the paused server again on the same port, with its data. */
  resume(): void
}

const DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/

/** The folder holding initdb and pg_ctl: DRILL_PG_BIN, else the newest Debian major. */
export function findPgBin(env: Record<string, string | undefined> = process.env): string {
  const candidates = env.DRILL_PG_BIN
    ? [env.DRILL_PG_BIN]
    : (fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql') : [])
        .filter((major) => /^\d+$/.test(major))
        .sort((a, b) => Number(b) - Number(a))
        .map((major) => path.join('/usr/lib/postgresql', major, 'bin'))
  const found = candidates.find((bin) => fs.existsSync(path.join(bin, 'initdb')))
  if (!found)
    throw new PgClusterError(
      `PostgreSQL server binaries not found (looked for ${env.DRILL_PG_BIN ? `${env.DRILL_PG_BIN}/initdb` : '/usr/lib/postgresql/*/bin/initdb'}). ` +
        `The PostgreSQL tests need them: install Debian's postgresql (apt-get install -y postgresql; .ci/run does) ` +
        `or set DRILL_PG_BIN to a folder holding initdb and pg_ctl.`,
    )
  return found
}

interface RunAs {
  /** Prefix for every server command: `runuser -u postgres --` as root, nothing otherwise. */
  prefix: string[]
  uid?: number
  gid?: number
}

function runAs(): RunAs {
  if (process.getuid?.() !== 0) return { prefix: [] }
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' })
  const uid = id('-u')
  const gid = id('-g')
  if (uid.status !== 0 || gid.status !== 0)
    throw new PgClusterError(
      'Running as root, the test cluster needs the `postgres` user (initdb refuses root); ' +
        "Debian's postgresql package creates it: apt-get install -y postgresql.",
    )
  return { prefix: ['runuser', '-u', 'postgres', '--'], uid: Number(uid.stdout), gid: Number(gid.stdout) }
}

function spawnAs(as: RunAs, command: string, args: string[], options: SpawnSyncOptions = {}) {
  const [file, ...rest] = [...as.prefix, command, ...args]
  // cwd: the postgres user may not be able to enter the caller's folder.
  return spawnSync(file!, rest, { encoding: 'utf8', cwd: os.tmpdir(), ...options })
}

function run(as: RunAs, command: string, args: string[]): void {
  const result = spawnAs(as, command, args)
  if (result.status !== 0)
    throw new PgClusterError(
      `${path.basename(command)} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`}): ` +
        `${String(result.stderr ?? '').trim() || String(result.stdout ?? '').trim()}`,
    )
}

const shellQuote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`

/**
 * A detached shell that stops the cluster and removes its folder once this process is
 * gone, however it went (a killed test run must not leave a server behind). Returns
 * its pid, for stop() to end it first.
 */
function startReaper(as: RunAs, pgCtl: string, data: string, dir: string): number | undefined {
  const stopCommand = [...as.prefix, pgCtl, '-D', data, '-m', 'immediate', 'stop'].map(shellQuote).join(' ')
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${stopCommand}; rm -rf ${shellQuote(dir)}`
  const reaper = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore', cwd: os.tmpdir() })
  reaper.unref()
  return reaper.pid
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

function serverSettings(dir: string, port: number): string {
  return [
    '',
    '# drill test cluster (tests/pg/cluster.ts)',
    `port = ${port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = '${dir}'`,
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    // Several app instances with their pools, plus the tests' own connections.
    'max_connections = 300',
    '',
  ].join('\n')
}

/** Starts a cluster (about a second: initdb dominates). Stop it with `stop()`. */
export async function startPgCluster(): Promise<PgCluster> {
  const bin = findPgBin()
  const as = runAs()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-pg-'))
  const data = path.join(dir, 'data')
  if (as.uid !== undefined) fs.chownSync(dir, as.uid, as.gid!)
  let started = false
  let port = 0
  let reaperPid: number | undefined
  const stop = () => {
    if (reaperPid !== undefined) {
      try {
        process.kill(reaperPid)
      } catch {
        // already gone
      }
      reaperPid = undefined
    }
    if (started) {
      started = false
      spawnAs(as, path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'])
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  try {
    run(as, path.join(bin, 'initdb'), [
      ...['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C'],
      ...['--no-sync', '--no-instructions'],
    ])
    // A port found free can be taken before the server binds it: try another.
    for (let attempt = 1; !started; attempt++) {
      port = await freePort()
      fs.appendFileSync(path.join(data, 'postgresql.conf'), serverSettings(dir, port))
      try {
        run(as, path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'server.log'), '-w', 'start'])
        started = true
        reaperPid = startReaper(as, path.join(bin, 'pg_ctl'), data, dir)
      } catch (error) {
        if (attempt >= 3) throw error
      }
    }
  } catch (error) {
    const log = path.join(dir, 'server.log')
    const tail = fs.existsSync(log)
      ? `\n${fs.readFileSync(log, 'utf8').trim().split('\n').slice(-5).join('\n')}`
      : ''
    stop()
    throw error instanceof PgClusterError ? new PgClusterError(error.message + tail) : error
  }
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`
  return {
    port,
    dir,
    url,
    async createDatabase(name) {
      if (!DATABASE_NAME.test(name)) throw new PgClusterError(`not a plain database name: ${name}`)
      const client = new pg.Client({ connectionString: url() })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${name}`)
      } finally {
        await client.end()
      }
      return url(name)
    },
    stop,
    pause() {
      run(as, path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'])
    },
    resume() {
      run(as, path.join(bin, 'pg_ctl'), ['-D', data, '-l', path.join(dir, 'server.log'), '-w', 'start'])
    },
  }
}
