// The sandbox's lease protocol: presets by id, the share URL, compare, chaos with shrinking,
// and the registry's answers for mixed, unknown or out-of-bounds scenarios.
import { describe, expect, it } from 'vitest'
import { type LeaseScenario, parseAnyScenario } from '@/lib/engine'
import { withFencingFlipped, withLeaseFlaw } from './lease-builder'
import { compareForSandbox, leaseChaosBatch, runForSandbox, scenarioFromQuery } from './run'
import { decodeState } from './url-state'

const gcPause = () => scenarioFromQuery({ scenario: 'lease-gc-pause' }).scenario as LeaseScenario

describe('the sandbox on lease scenarios', () => {
  it('opens a lease preset by id, breaks L1 as shipped, and its share link replays the same trace', async () => {
    const run = await runForSandbox(gcPause())
    expect(run.trace.protocol).toBe('lease')
    expect(run.violations.map((v) => v.id)).toEqual(['L1'])
    const decoded = decodeState(run.share)
    if (!decoded.ok) throw new Error(decoded.message)
    expect(JSON.stringify((await runForSandbox(decoded.scenario)).trace)).toBe(JSON.stringify(run.trace))
  })

  it('compare flips fencing and says how many writes each side accepted', async () => {
    const compared = await compareForSandbox(gcPause(), withFencingFlipped(gcPause()))
    expect(compared.summary).toBe('2 writes accepted vs 1')
    expect(compared.runs.map((r) => r.label)).toEqual([
      'As built (ignore fencing tokens)',
      'Flipped (correct lease design)',
    ])
  })

  it('chaos finds nothing on the correct design and shrinks a failure with fencing ignored', async () => {
    expect(
      (await leaseChaosBatch({ seed: 1, from: 0, count: 100, config: { flaws: [] } })).failure,
    ).toBeNull()
    let found = await leaseChaosBatch({ seed: 1, from: 0, count: 100, config: { flaws: ['no-fencing'] } })
    for (let from = 100; !found.failure && from < 1000; from += 100)
      found = await leaseChaosBatch({ seed: 1, from, count: 100, config: { flaws: ['no-fencing'] } })
    expect(found.failure?.violations.map((v) => v.id)).toContain('L1')
    expect(found.failure?.shrunk.violations.map((v) => v.id)).toContain('L1')
    expect(found.failure?.shrunk.scenario.faults.length ?? 99).toBeLessThanOrEqual(
      found.failure?.original.faults ?? 0,
    )
  })

  it('flaw switches keep the catalogue order, so equal designs share a URL', () => {
    const both = withLeaseFlaw(withLeaseFlaw(gcPause(), 'no-lease-expiry', true), 'no-fencing', true)
    expect(both.config.flaws).toEqual(['no-fencing', 'no-lease-expiry'])
  })
})

describe('parseAnyScenario', () => {
  const problems = (input: unknown) => {
    const parsed = parseAnyScenario(input)
    return parsed.ok ? '' : parsed.problems.join('; ')
  }
  const lease = { protocol: 'lease', id: 'x', title: 'X', clients: [{ id: 'client-1', atMs: 0 }] }

  it('payments stay the default; an explicit "payments" is the same', () => {
    const payment = { id: 'p', title: 'P', requests: [{ id: 'A', atMs: 0 }] }
    expect(parseAnyScenario(payment).ok).toBe(true)
    expect(parseAnyScenario({ ...payment, protocol: 'payments' }).ok).toBe(true)
  })

  it('names the field: an unknown protocol, the other protocol’s fields, a bound', () => {
    expect(problems({ ...lease, protocol: 'raft' })).toMatch(/^protocol: unknown protocol "raft"/)
    expect(problems({ ...lease, requests: [{ id: 'A', atMs: 0 }] })).toMatch(/requests/)
    expect(problems({ id: 'p', title: 'P', requests: [{ id: 'A', atMs: 0 }], clients: [] })).toMatch(
      /clients/,
    )
    expect(problems({ ...lease, config: { leaseMs: 10 ** 12 } })).toMatch(/^config\.leaseMs:/)
  })
})
