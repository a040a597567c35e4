// A throwaway PostgreSQL cluster for tests: Debian's server binaries (the `postgresql`
// package), a data folder, a free port and the socket in a temp folder, no durability
// (fsync off: nothing here must survive). initdb refuses to run as root, so as root the
// cluster runs as the `postgres` user. No PostgreSQL on the machine: `startCluster` throws,
// so a suite that needs one fails instead of skipping.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

export interface PgCluster {
  host: string
  port: number
  /** A new, empty database on the cluster; its URL. */
  createDatabase(name: string): Promise<string>
  /** Stops the server at once and deletes its folder. */
  stop(): void
}

const BIN_ROOT = '/usr/lib/postgresql'

/** The newest installed server's bin folder. */
function serverBin(): string {
  const versions = fs.existsSync(BIN_ROOT)
    ? fs
        .readdirSync(BIN_ROOT)
        .filter((v) => fs.existsSync(path.join(BIN_ROOT, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (versions.length === 0)
    throw new Error(
      `PostgreSQL is not installed (no ${BIN_ROOT}/<version>/bin/initdb): apt-get install -y postgresql`,
    )
  return path.join(BIN_ROOT, versions[0]!, 'bin')
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

const isRoot = () => process.getuid?.() === 0

/** Runs a server binary, as `postgres` when we are root. */
function run(bin: string, tool: string, args: string[]): void {
  const [command, argv] = isRoot()
    ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]]
    : [path.join(bin, tool), args]
  const result = spawnSync(command, argv, { encoding: 'utf8' })
  if (result.status !== 0)
    throw new Error(`${tool} failed (${result.status}): ${result.stderr || result.stdout}`.trim())
}

export async function startCluster(): Promise<PgCluster> {
  const bin = serverBin()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-pg-'))
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    fs.chownSync(dir, uid, gid)
  }
  const data = path.join(dir, 'data')
  const port = await freePort()
  run(bin, 'initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'])
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c max_connections=200',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ')
  run(bin, 'pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start'])
  let stopped = false
  const host = '127.0.0.1'
  return {
    host,
    port,
    async createDatabase(name) {
      const admin = new pg.Client({ host, port, user: 'postgres', database: 'postgres' })
      await admin.connect()
      try {
        await admin.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`)
      } finally {
        await admin.end()
      }
      return `postgres://postgres@${host}:${port}/${encodeURIComponent(name)}`
    },
    stop() {
      if (stopped) return
      stopped = true
      try {
        run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
