// `npm run check:server` against the project's own reference servers, in Node and in Python's
// standard library: the correct ones pass all ten checks, each flaw fails exactly the checks it
// breaks; Drill's own engine through its thin adapter passes all ten; bad inputs give one sentence
// and exit 2 (a server answering HTTP garbage: failed checks, exit 1). The runs are independent
// (each its own provider and ports), so they run at once.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseArgs } from '@/lib/check-server/args'
import { type CheckPlan, scheduleFor } from '@/lib/check-server/checks'
import { reportFrom } from '@/lib/check-server/open-report'
import { runCheckServer } from '@/lib/check-server/run'
import { CHECK_IDS, REPORT_VERSION, type Report, TIMELINE_KINDS } from '@/lib/check-server/types'
import { INVARIANTS } from '@/lib/engine/client'

// The same FLAW switch in both languages: one reference server per language.
const SERVERS = {
  Node: 'node tests/check-server/servers/node-server.mjs',
  Python: 'python3 tests/check-server/servers/python-server.py',
}
const ENGINE_SERVER = 'node --import tsx tests/check-server/servers/engine-server.ts'
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
  return new Promise<{ status: number | null; stderr: string; stdout: string }>((resolve) => {
    execFile(
      'npx',
      ['tsx', 'scripts/check-server.ts', ...args],
      { encoding: 'utf8', env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({
          status: error ? ((error.code as number | undefined) ?? null) : 0,
          stderr: stderr.trim(),
          stdout,
        }),
    )
  })
}
const STACK_FRAME = /\n\s+at /

const failedIds = (report: Report) => report.checks.filter((c) => c.verdict === 'fail').map((c) => c.id)

describe.concurrent('check:server against the reference servers', () => {
  it.each(Object.entries(SERVERS))(
    '%s: fails exactly the checks each flaw breaks; the correct server passes all ten',
    async (language, command) => {
      const flaws = Object.keys(EXPECTED)
      const reports = await Promise.all(
        flaws.map((flaw) =>
          runCheckServer({
            start: `FLAW=${flaw === 'correct' ? '' : flaw} STATE_FILE=${dir}/${language}-${flaw} ${command}`,
            seed: 7,
            mismatchStatus: 422,
          }),
        ),
      )
      const failed: Record<string, string[]> = {}
      for (const [i, flaw] of flaws.entries()) {
        const outcome = reports[i]!
        if (!outcome.ok) throw new Error(`${language} ${flaw}: ${outcome.sentence}`)
        failed[flaw] = failedIds(outcome.report)
        expect(outcome.report.checks.map((c) => c.id)).toEqual(CHECK_IDS)
        // What --json writes is what /check opens (lib/check-server/open-report.ts), field for field.
        expect(reportFrom(JSON.parse(JSON.stringify(outcome.report)))).toEqual({
          ok: true,
          report: outcome.report,
        })
        expect(outcome.report.version).toBe(REPORT_VERSION)
        for (const c of outcome.report.checks.filter((c) => c.verdict === 'fail')) {
          expect(c.violation).toBeTruthy()
          // The engine's invariant beside the checker's violation, named as the sandbox names it.
          expect(c.invariant).toMatch(/^I[1-8]$/)
          expect(c.invariantName).toBe(INVARIANTS[c.invariant!])
          expect(c.timeline.length).toBeGreaterThan(0)
          for (const e of c.timeline) expect(TIMELINE_KINDS).toContain(e.kind)
        }
        for (const c of outcome.report.checks.filter((c) => c.verdict !== 'fail'))
          expect([c.invariant, c.invariantName]).toEqual([null, null])
      }
      // All flaws at once, so a mismatch shows every flaw's set, not only the first.
      expect(failed).toEqual(EXPECTED)
    },
    120_000,
  )

  it("Drill's own engine through the thin adapter passes all ten, on the schedule its seed names", async () => {
    const plans: Record<string, CheckPlan> = {}
    const outcome = await runCheckServer(
      { start: `STATE_FILE=${dir}/engine.db ${ENGINE_SERVER}`, seed: 7, mismatchStatus: 422 },
      {
        plan: (id, plan) => {
          plans[id] = plan
        },
      },
    )
    if (!outcome.ok) throw new Error(`engine: ${outcome.sentence}`)
    expect(outcome.report.checks.map((c) => [c.id, c.verdict])).toEqual(CHECK_IDS.map((id) => [id, 'pass']))
    // The seed decides each check's amount, the duplicates' offsets and the retry's pause; nothing else does.
    expect(plans).toEqual(scheduleFor(7))
    expect(scheduleFor(8)).not.toEqual(scheduleFor(7))
  }, 120_000)
})

describe('check:server bad inputs: one sentence, exit 2, no stack trace', () => {
  it('refuses unknown flags, missing servers and non-loopback targets without sending anything', async () => {
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
    const unknown = await cli(['--frobnicate', 'x'])
    expect(unknown.status).toBe(2)
    expect(unknown.stderr).toMatch(/^Unknown flag --frobnicate/)
    expect(unknown.stderr).not.toMatch(STACK_FRAME)
  })

  it('a start command that exits at once, a server that never answers, a server that answers garbage', async () => {
    const short = { DRILL_CHECK_START_MS: '1500', DRILL_CHECK_SETTLE_MS: '2000' }
    const [exits, silent, notHttp, garbage] = await Promise.all([
      cli(['--start', 'exit 3']),
      cli(['--start', 'sleep 30'], short),
      // Bytes that are not HTTP at all: no HTTP answer, so it never counts as up.
      cli(
        [
          '--start',
          `node -e "require('net').createServer((c)=>c.end('garbage\\n')).listen(process.env.PORT,'127.0.0.1')"`,
        ],
        short,
      ),
      // HTTP, but not the contract: every check fails with a reason, none crashes the checker.
      cli(
        [
          '--start',
          `node -e "require('http').createServer((q,s)=>s.end('hello')).listen(process.env.PORT,'127.0.0.1')"`,
          '--seed',
          '1',
        ],
        short,
      ),
    ])
    expect(exits.status).toBe(2)
    expect(exits.stderr).toMatch(/^The start command exited \(code 3\) before the server answered/)
    expect(silent.status).toBe(2)
    expect(silent.stderr).toMatch(
      /^The server did not answer any HTTP request on http:\/\/127\.0\.0\.1:\d+ within \d+ s\.$/,
    )
    expect(notHttp.status).toBe(2)
    expect(notHttp.stderr).toMatch(/did not answer any HTTP request/)
    expect(garbage.status).toBe(1)
    expect(garbage.stdout).toMatch(/^fail {4}missing-key — wrong-status \(I1 single effect\): expected 400/m)
    expect(garbage.stdout).toMatch(/replay the same schedule with --seed 1\.$/m)
    for (const run of [exits, silent, notHttp, garbage]) {
      expect(run.stderr).not.toMatch(STACK_FRAME)
      expect(run.stdout).not.toMatch(STACK_FRAME)
    }
  }, 90_000)
})
