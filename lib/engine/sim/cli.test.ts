// The command line as users and CI run it: output shape and exit codes.
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(__dirname, '../../..')
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')

function sim(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(tsx, ['scripts/sim.ts', ...args], { cwd: root, env: { ...process.env, DRILL_FUZZ_WORKERS: '1' } }, (error, stdout, stderr) =>
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })
}

describe('npm run sim', () => {
  it('--list names the ten canonical scenarios', async () => {
    const { code, stdout } = await sim('--list')
    expect(code).toBe(0)
    expect(stdout.trim().split('\n')).toHaveLength(10)
    expect(stdout).toMatch(/^lost-response\s/m)
  })

  it('--json prints exactly one JSON object with the run’s charges, violations, responses and events', async () => {
    const { code, stdout } = await sim('store-after-charge', '--json')
    expect(code).toBe(0)
    const out = JSON.parse(stdout)
    expect(out).toMatchObject({ scenario: 'store-after-charge', charges: 2 })
    expect(out.config.flaws).toEqual(['charge-before-insert'])
    expect(out.violations.map((v: { id: string }) => v.id)).toContain('I1')
    expect(out.violations[0]).toEqual(
      expect.objectContaining({ id: expect.any(String), name: expect.any(String), message: expect.any(String), eventIndex: expect.any(Number) }),
    )
    expect(out.responses[0]).toEqual(
      expect.objectContaining({ tMs: expect.any(Number), requestId: expect.any(String), status: 201, replayed: false }),
    )
    expect(out.events[0]).toEqual(expect.objectContaining({ tMs: 0, kind: 'request-sent' }))
  })

  it('--flaw overrides the scenario config and --policy wait changes the in-flight answer', async () => {
    const off = JSON.parse((await sim('select-then-insert-race', '--json', '--policy', 'wait')).stdout)
    expect(off.charges).toBe(2)
    const correct = JSON.parse((await sim('in-flight-409', '--json', '--policy', 'wait')).stdout)
    expect(correct.responses.find((r: { requestId: string }) => r.requestId === 'B').status).toBe(201)
  })

  it('exits 2 with a message for an unknown flaw, an unknown scenario and a malformed file', async () => {
    const flaw = await sim('lost-response', '--flaw', 'nope')
    expect(flaw.code).toBe(2)
    expect(flaw.stderr).toMatch(/unknown flaw "nope"/)
    const unknown = await sim('no-such-scenario')
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toMatch(/unknown scenario/)
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'drill-sim-')), 'bad.json')
    fs.writeFileSync(file, JSON.stringify({ id: 'bad', title: 'bad', requests: [{ id: 'A', atMs: 'soon' }] }))
    const malformed = await sim(file)
    expect(malformed.code).toBe(2)
    expect(malformed.stderr).toMatch(/requests\.0\.atMs/)
  })

  it('--fuzz reports no violation for the correct engine (exit 0) and counts a flaw’s broken schedules', async () => {
    const ok = await sim('--fuzz', '50', '--seed', '3')
    expect(ok.code).toBe(0)
    expect(ok.stdout).toMatch(/no violation in 50 schedules/)
    const flawed = await sim('--fuzz', '200', '--seed', '3', '--flaw', 'charge-before-insert')
    expect(flawed.code).toBe(0)
    expect(flawed.stdout).toMatch(/broken schedules: \d+ of 200/)
    expect(flawed.stdout).toMatch(/seed \d+: I\d/)
  })
})
