// The lease protocol: the four scenarios tell their stories (tokens, refusals, verdicts),
// each flaw breaks what it should, a run is deterministic, and the checker names L1–L3.
import { describe, expect, it } from 'vitest'
import type { Trace, TraceEvent } from '../trace'
import { LEASE_FLAW_CATALOGUE } from './catalogue'
import { checkLeaseTrace } from './check'
import { runLeaseScenario } from './run'
import { type LeaseScenarioInput, parseLeaseScenario } from './scenario'
import { LEASE_SCENARIO_IDS, leaseScenarioById, leaseScenarios } from './scenarios'

const scenario = (id: string) => {
  const found = leaseScenarioById(id)
  if (!found) throw new Error(`missing lease scenario ${id}`)
  return found
}
const ids = (violations: { id: string }[]) => [...new Set(violations.map((v) => v.id))].sort()
const of = (trace: Trace, kind: TraceEvent['kind']) => trace.events.filter((e) => e.kind === kind)

describe('the lease scenarios', () => {
  it('are all in content/scenarios, in teaching order', () => {
    expect(leaseScenarios().map((s) => s.id)).toEqual([...LEASE_SCENARIO_IDS])
  })

  it.each(LEASE_SCENARIO_IDS)('%s breaks what it promises as shipped, and nothing with no flaw on', (id) => {
    const s = scenario(id)
    expect(ids(runLeaseScenario(s).violations)).toEqual(s.expect?.violations ?? [])
    expect(runLeaseScenario(s, { config: { flaws: [] } }).violations).toEqual([])
  })

  it.each(LEASE_SCENARIO_IDS)('%s gives a byte-identical trace when run twice', (id) => {
    const a = JSON.stringify(runLeaseScenario(scenario(id)).trace)
    expect(JSON.stringify(runLeaseScenario(scenario(id)).trace)).toBe(a)
  })

  it("lease-gc-pause: token 33's late write is refused with fencing and accepted without it", () => {
    const fenced = runLeaseScenario(scenario('lease-gc-pause'), { config: { flaws: [] } }).trace
    expect(of(fenced, 'lock-granted').map((e) => [e.to, e.token])).toEqual([
      ['client-1', 33],
      ['client-2', 34],
    ])
    const refused = of(fenced, 'write-refused')
    expect(refused.map((e) => [e.to, e.token, e.highestToken])).toEqual([['client-1', 33, 34]])
    // The stale write left after the pause, after client 2's lease began.
    expect(refused[0]!.tMs).toBeGreaterThan(of(fenced, 'lock-granted')[1]!.tMs)

    const unfenced = runLeaseScenario(scenario('lease-gc-pause')).trace
    const accepted = of(unfenced, 'write-accepted')
    expect(accepted.map((e) => [e.to, e.token])).toEqual([
      ['client-2', 34],
      ['client-1', 33],
    ])
    expect(checkLeaseTrace(unfenced)).toMatchObject([{ id: 'L1', eventIndex: accepted[1]!.i }])
  })

  it('lease-holder-crash: the lock is granted again once lease + clock bound are over, never without expiry', () => {
    const s = scenario('lease-holder-crash')
    const expiring = runLeaseScenario(s, { config: { flaws: [] } }).trace
    const second = of(expiring, 'lock-granted')[1]!
    expect(second).toMatchObject({ to: 'client-2', token: 2 })
    expect(second.tMs).toBeGreaterThanOrEqual(5 + s.config.leaseMs + s.config.clockBoundMs)
    const held = runLeaseScenario(s)
    expect(of(held.trace, 'lock-granted')).toHaveLength(1)
    expect(held.violations).toMatchObject([{ id: 'L2' }])
  })

  it('lease-slow-clock: the slow client writes after its lease; the token stops it unless it sends none', () => {
    const s = scenario('lease-slow-clock')
    const correct = runLeaseScenario(s, { config: { flaws: [] } }).trace
    expect(of(correct, 'write-refused').map((e) => e.to)).toEqual(['client-1'])
    const flawed = runLeaseScenario(s).trace
    expect(of(flawed, 'write-sent').every((e) => /without a token/.test(e.detail))).toBe(true)
  })

  it.each(LEASE_FLAW_CATALOGUE)('the flaw "$label" breaks an invariant in its scenario $scenario', (row) => {
    const run = runLeaseScenario(scenario(row.scenario), { config: { flaws: [row.id] } })
    expect(run.violations.length).toBeGreaterThan(0)
  })
})

describe('the lease client and lock service', () => {
  const base: LeaseScenarioInput = {
    protocol: 'lease',
    id: 'renewing',
    title: 'A client that renews',
    config: { leaseMs: 2000, clockBoundMs: 0 },
    clients: [
      { id: 'client-1', atMs: 0, writes: 3, workMs: 1500, renewEveryMs: 1000 },
      { id: 'client-2', atMs: 500, writes: 1, retryMs: 1000 },
    ],
  }

  it('a renewing holder keeps its lock past one lease; the other client waits for the release', () => {
    const { trace, violations } = runLeaseScenario(base)
    expect(violations).toEqual([])
    expect(of(trace, 'lease-renewed').length).toBeGreaterThan(0)
    expect(of(trace, 'write-accepted').map((e) => e.to)).toEqual([
      'client-1',
      'client-1',
      'client-1',
      'client-2',
    ])
    expect(of(trace, 'lock-released').length).toBeGreaterThan(0)
  })

  it('a paused holder misses its renewals, and its renewal after waking is refused', () => {
    const paused = runLeaseScenario({
      ...base,
      faults: [{ kind: 'pause', client: 'client-1', atMs: 1600, forMs: 6000 }],
    })
    expect(of(paused.trace, 'renew-refused').map((e) => e.to)).toContain('client-1')
    expect(paused.violations).toEqual([])
  })

  it('L3: the checker names a grant whose token does not grow', () => {
    const { trace } = runLeaseScenario({
      ...base,
      clients: [
        { id: 'client-1', atMs: 0 },
        { id: 'client-2', atMs: 100 },
      ],
    })
    const grants = of(trace, 'lock-granted')
    expect(grants).toHaveLength(2)
    const forged: Trace = {
      ...trace,
      events: trace.events.map((e) => (e.i === grants[1]!.i ? { ...e, token: grants[0]!.token } : e)),
    }
    expect(checkLeaseTrace(forged)).toMatchObject([{ id: 'L3', eventIndex: grants[1]!.i }])
  })
})

describe('parseLeaseScenario', () => {
  const valid = { protocol: 'lease', id: 'x', title: 'X', clients: [{ id: 'client-1', atMs: 0 }] }

  it('names the field of another protocol, an unknown flaw or fault, and a number past the bounds', () => {
    const problems = (input: unknown) => {
      const parsed = parseLeaseScenario(input)
      return parsed.ok ? [] : parsed.problems.join('; ')
    }
    expect(problems({ ...valid, requests: [] })).toMatch(/requests/)
    expect(problems({ ...valid, config: { flaws: ['no-body-check'] } })).toMatch(/^config\.flaws\.0:/)
    expect(problems({ ...valid, faults: [{ kind: 'drop-response', client: 'client-1' }] })).toMatch(
      /^faults\.0\.kind:/,
    )
    expect(
      problems({ ...valid, faults: [{ kind: 'pause', client: 'client-1', atMs: 0, forMs: 10 ** 12 }] }),
    ).toMatch(/^faults\.0\.forMs:/)
    expect(problems({ ...valid, faults: [{ kind: 'crash', client: 'client-9', atMs: 0 }] })).toMatch(
      /faults\.0\.client/,
    )
  })
})
