// Goal: a DRILL_DATABASE_URL that cannot be reached stops the start with one line naming
// the host (no stack trace, no password), and a non-zero exit: through `npm start`'s
// script, the production server alone, and `npm run migrate`.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { freePort } from './cluster'

function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env: { ...process.env, ...env } })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('an unreachable DRILL_DATABASE_URL', () => {
  test('stops scripts/start.ts, scripts/server.ts and db/migrate.ts with one line naming the host', async () => {
    const closedPort = await freePort()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-unreachable-'))
    const env = {
      DRILL_DATABASE_URL: `postgres://drill:s3cret@127.0.0.1:${closedPort}/drill`,
      DRILL_DB: path.join(dir, 'drill.db'),
      DRILL_PROVIDER_DB: path.join(dir, 'provider.db'),
      PORT: String(await freePort()),
    }
    const results = await Promise.all(
      [['scripts/start.ts'], ['scripts/server.ts'], ['db/migrate.ts']].map((args) => run(args, env)),
    )
    fs.rmSync(dir, { recursive: true, force: true })
    const expected = `Cannot reach PostgreSQL at 127.0.0.1:${closedPort} (DRILL_DATABASE_URL): connect ECONNREFUSED`
    for (const result of results) {
      expect(result.code).toBe(1)
      expect(result.stderr.trim().split('\n')).toEqual([expected])
      expect(result.stderr + result.stdout).not.toContain('s3cret')
    }
    // start.ts checks before anything else: no build, no "Drill on …" line.
    expect(results[0]!.stdout).toBe('')
  })
})
