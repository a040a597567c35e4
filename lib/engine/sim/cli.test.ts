// The command line as users and CI run it: output shape and exit codes. Most
// cases run the CLI in-process (fast); one spawns it for real.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../../../scripts/sim'

const root = path.resolve(__dirname, '../../..')

async function sim(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(args, { out: (t) => out.push(t), err: (t) => err.push(t) })
  return { code, stdout: out.join(''), stderr: err.join('') }
}

describe('npm run sim', () => {
  it('--list names the eleven canonical scenarios (spawned for real: exit code and stdout)', async () => {
    const tsx = path.join(root, 'node_modules', '.bin', 'tsx')
    const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(tsx, ['scripts/sim.ts', '--list'], { cwd: root }, (error, out) =>
        resolve({ code: error ? 1 : 0, stdout: out }),
      ),
    )
    expect(code).toBe(0)
    expect(stdout.trim().split('\n')).toHaveLength(11)
    expect(stdout).toMatch(/^lost-response\s/m)
  })

  it('prints a readable timeline with rows, the charge count and the verdict', async () => {
    const { code, stdout } = await sim('lost-response')
    expect(code).toBe(0)
    expect(stdout).toMatch(/10:00:00\.020 +server-1 +commit/)
    expect(stdout).toMatch(/payments +#88/)
    expect(stdout).toMatch(/^charges: 1$/m)
    expect(stdout).toMatch(/^verdict: OK/m)
  })

  it('--json prints exactly one JSON object with the run’s charges, violations, responses and events', async () => {
    const { code, stdout } = await sim('store-after-charge', '--json')
    expect(code).toBe(0)
    expect(stdout.trim().split('\n')).toHaveLength(1)
    const out = JSON.parse(stdout)
    expect(out).toMatchObject({ scenario: 'store-after-charge', charges: 2 })
    expect(out.config.flaws).toEqual(['charge-before-insert'])
    expect(out.violations.map((v: { id: string }) => v.id)).toContain('I1')
    expect(out.violations[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        name: expect.any(String),
        message: expect.any(String),
        eventIndex: expect.any(Number),
      }),
    )
    expect(out.responses[0]).toEqual(
      expect.objectContaining({
        tMs: expect.any(Number),
        requestId: expect.any(String),
        status: 201,
        replayed: false,
      }),
    )
    expect(out.events[0]).toEqual(expect.objectContaining({ tMs: 0, kind: 'request-sent' }))
  })

  it('--flaw adds to a correct scenario and --policy wait changes the in-flight answer', async () => {
    const flawed = JSON.parse((await sim('lost-response', '--json', '--flaw', 'split-commit')).stdout)
    expect(flawed.violations.map((v: { id: string }) => v.id)).toContain('I4')
    const waited = JSON.parse((await sim('in-flight-409', '--json', '--policy', 'wait')).stdout)
    expect(waited.responses.find((r: { requestId: string }) => r.requestId === 'B').status).toBe(201)
  })

  it('exits 2 with a message for an unknown flaw, an unknown scenario, bad numbers and a malformed file', async () => {
    const flaw = await sim('lost-response', '--flaw', 'nope')
    expect(flaw.code).toBe(2)
    expect(flaw.stderr).toMatch(/unknown flaw "nope"/)
    expect((await sim('no-such-scenario')).stderr).toMatch(/unknown scenario/)
    expect((await sim('--fuzz', 'ten', '--seed', '1')).code).toBe(2)
    expect((await sim('--fuzz', '10')).stderr).toMatch(/--seed/)
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'drill-sim-')), 'bad.json')
    fs.writeFileSync(file, JSON.stringify({ id: 'bad', title: 'bad', requests: [{ id: 'A', atMs: 'soon' }] }))
    const malformed = await sim(file)
    expect(malformed.code).toBe(2)
    expect(malformed.stderr).toMatch(/requests\.0\.atMs/)
    fs.writeFileSync(file, '{ not json')
    expect((await sim(file)).code).toBe(2)
  })

  it('--fuzz reports no violation for the correct engine (exit 0) and counts a flaw’s broken schedules with seeds', async () => {
    const ok = await sim('--fuzz', '50', '--seed', '3')
    expect(ok.code).toBe(0)
    expect(ok.stdout).toMatch(/no violation in 50 schedules/)
    const flawed = await sim('--fuzz', '200', '--seed', '3', '--flaw', 'charge-before-insert')
    expect(flawed.code).toBe(0)
    expect(flawed.stdout).toMatch(/broken schedules: \d+ of 200/)
    expect(flawed.stdout).toMatch(
      /seed \d+: I\d .*reproduce: npm run sim -- random:\d+ --flaw charge-before-insert/,
    )
  })
})
