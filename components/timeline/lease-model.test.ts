// The lease timeline's model: the lock and storage at each step, leases as lane stretches,
// stale writes marked, labels with tokens.
import { describe, expect, it } from 'vitest'
import { leaseScenarioById, runLeaseScenario } from '@/lib/engine'
import { leaseIntervals, leaseShortLabel, leaseSteps, staleWrites } from './lease-model'

const gcPause = (flaws?: 'no-fencing'[]) =>
  runLeaseScenario(leaseScenarioById('lease-gc-pause')!, flaws ? { config: { flaws } } : {}).trace

describe('the lease timeline model', () => {
  it('follows the lock and the storage step by step', () => {
    const trace = gcPause([])
    const steps = leaseSteps(trace)
    const firstGrant = trace.events.findIndex((e) => e.kind === 'lock-granted')
    expect(steps[firstGrant]?.lock).toMatchObject({ holder: 'client-1', token: 33 })
    expect(steps.at(-1)?.storage).toMatchObject({
      highestToken: 34,
      accepted: 1,
      refused: 1,
      lastWriter: 'client-2',
    })
  })

  it("draws each grant's lease from the grant to its end", () => {
    const trace = gcPause([])
    const leases = leaseIntervals(trace)
    expect(leases.map((l) => [l.actor, l.token])).toEqual([
      ['client-1', 33],
      ['client-2', 34],
    ])
    const end = trace.events[leases[0]!.to!]!
    expect(end.kind).toBe('lease-expired')
  })

  it('marks the stale write the storage took without fencing, and labels it with its token', () => {
    const trace = gcPause()
    const stale = [...staleWrites(trace)]
    expect(stale).toHaveLength(1)
    expect(leaseShortLabel(trace.events[stale[0]!]!, true)).toBe('STALE 33 accepted')
    const refused = gcPause([]).events.find((e) => e.kind === 'write-refused')!
    expect(leaseShortLabel(refused, false)).toBe('refused 33 < 34')
  })
})
