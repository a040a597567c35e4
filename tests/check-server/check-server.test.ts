// `npm run check:server` against the project's own reference servers: the correct one passes all
// ten checks, each flaw fails exactly the checks it breaks; bad inputs give one sentence and exit 2.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseArgs } from '@/lib/check-server/args'
import { reportFrom } from '@/lib/check-server/open-report'
import { runCheckServer } from '@/lib/check-server/run'

const NODE_SERVER = 'node tests/check-server/servers/node-server.mjs'
// Shortens the 30 s settle window (no-lease never settles); the checks' timings stay the issue's.
process.env.DRILL_CHECK_SETTLE_MS = '8000'
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-check-'))

// flaw → the checks it must fail (and no other).
const EXPECTED: Record<string, string[]> = {
  correct: [],
  'charge-before-insert': ['concurrent-duplicates', 'in-flight', 'provider-timeout', 'crash-after-charge'],
  'select-then-insert': ['concurrent-duplicates'],
  'no-body-check': ['changed-body'],
  'global-scope': ['scope'],
  'no-provider-key': ['provider-timeout', 'crash-after-charge'],
  'no-lease': ['crash-after-charge'],
}

function cli(args: string[], env: Record<string, string> = {}) {
  const run = spawnSync('npx', ['tsx', 'scripts/check-server.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 60_000,
  })
  return { status: run.status, stderr: run.stderr.trim(), stdout: run.stdout }
}

describe('check:server against the reference servers (Node)', () => {
  it('fails exactly the checks each flaw breaks; the correct server passes all ten', async () => {
    const flaws = Object.keys(EXPECTED)
    const reports = await Promise.all(
      flaws.map((flaw) =>
        runCheckServer({
          start: `FLAW=${flaw === 'correct' ? '' : flaw} STATE_FILE=${dir}/${flaw}.json ${NODE_SERVER}`,
          seed: 7,
          mismatchStatus: 422,
        }),
      ),
    )
    for (const [i, flaw] of flaws.entries()) {
      const outcome = reports[i]!
      if (!outcome.ok) throw new Error(`${flaw}: ${outcome.sentence}`)
      const failed = outcome.report.checks.filter((c) => c.verdict === 'fail').map((c) => c.id)
      expect({ flaw, failed }).toEqual({ flaw, failed: EXPECTED[flaw] })
      expect(outcome.report.checks.map((c) => c.id)).toHaveLength(10)
      // What --json writes is what /check opens (lib/check-server/open-report.ts), field for field.
      expect(reportFrom(JSON.parse(JSON.stringify(outcome.report)))).toEqual({
        ok: true,
        report: outcome.report,
      })
      for (const c of outcome.report.checks.filter((c) => c.verdict === 'fail')) {
        expect(c.violation).toBeTruthy()
        expect(c.timeline.length).toBeGreaterThan(0)
      }
    }
  }, 120_000)
})

describe('check:server bad inputs: one sentence, exit 2, no stack trace', () => {
  it('refuses unknown flags, missing servers and non-loopback targets without sending anything', () => {
    expect(parseArgs(['--nope'], 1)).toEqual({
      ok: false,
      sentence: expect.stringMatching(/^Unknown flag --nope/),
    })
    expect(parseArgs([], 1)).toMatchObject({ ok: false, sentence: expect.stringMatching(/^Name a server/) })
    expect(parseArgs(['--target', 'http://10.0.0.1:80'], 1)).toMatchObject({
      ok: false,
      sentence: expect.stringMatching(/not a loopback address/),
    })
    expect(parseArgs(['--target', 'http://[::1]:8080'], 1).ok).toBe(true)
    const unknown = cli(['--frobnicate', 'x'])
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toMatch(/^Unknown flag --frobnicate/)
    expect(unknown.stderr).not.toMatch(/\n\s+at /)
  })

  it('a start command that exits at once, a server that never answers, a server that answers garbage', async () => {
    const exits = cli(['--start', 'exit 3'])
    expect(exits.status).toBe(2)
    expect(exits.stderr).toMatch(/start command exited \(code 3\)/)
    const silent = cli(['--start', 'sleep 30'], { DRILL_CHECK_START_MS: '1500' })
    expect(silent.status).toBe(2)
    expect(silent.stderr).toMatch(/did not answer any HTTP request/)
    const garbage = await runCheckServer({
      start: `node -e "require('http').createServer((q,s)=>s.end('hello')).listen(process.env.PORT,'127.0.0.1')"`,
      seed: 1,
      mismatchStatus: 422,
    })
    if (!garbage.ok) throw new Error(garbage.sentence)
    expect(garbage.report.checks.find((c) => c.id === 'missing-key')).toMatchObject({
      verdict: 'fail',
      violation: 'wrong-status',
    })
  }, 90_000)
})
