// The lease scenarios' drills: every answer is what an independent engine run does, every
// wrong option what a flipped flaw does, and spot-the-bug is the checker's L verdict.
import { describe, expect, it } from 'vitest'
import { checkLeaseTrace, leaseScenarioById, runLeaseScenario } from '@/lib/engine'
import { drillFor } from './catalogue'
import { drillRound } from './round'

const drill = async (id: string) => {
  const built = await drillFor(id)
  if (!built) throw new Error(`no drill for ${id}`)
  return built
}

describe('lease drills', () => {
  it('lease-gc-pause asks what the storage does with token 33’s late write: accepted as shipped, refused with fencing', async () => {
    const d = await drill('lease-gc-pause')
    expect(d.protocol).toBe('lease')
    const late = d.nextSteps.find((q) => /client-1's write \(it holds token 33\)/.test(q.prompt))
    expect(late?.correctId).toBe('write-accepted')
    expect(late?.options.map((o) => o.id).sort()).toEqual(['write-accepted', 'write-refused'])
    expect(late?.wrongNotes['write-refused']).toMatch(/Ignore fencing tokens off/)
    // Independently: the same run accepts it, the fenced run refuses it.
    const scenario = leaseScenarioById('lease-gc-pause')!
    const fenced = runLeaseScenario(scenario, { config: { flaws: [] } }).trace
    expect(fenced.events.filter((e) => e.kind === 'write-refused').map((e) => e.token)).toEqual([33])
  })

  it.each(['lease-gc-pause', 'lease-slow-clock', 'lease-holder-crash'])(
    '%s: spot the bug is the checker’s verdict',
    async (id) => {
      const d = await drill(id)
      const group = d.spotGroups[0]!
      const trace = d.traces[group.step.traceKey]!
      const verdict = checkLeaseTrace(trace)
      expect(group.invariant.correctId).toBe(verdict[0]!.id)
      expect(group.step.correctId).toBe(String(verdict[0]!.eventIndex))
      expect(group.invariant.options.every((o) => /^L[1-3]$/.test(o.id))).toBe(true)
    },
  )

  it('lease-holder-crash asks whether the lock comes back after the lease', async () => {
    const d = await drill('lease-holder-crash')
    expect(d.nextSteps.some((q) => q.options.some((o) => o.id === 'lock-granted'))).toBe(true)
  })

  it('a round asks one question per slot, options seeded', async () => {
    const d = await drill('lease-gc-pause')
    const round = drillRound(d, 'drill-lease-gc-pause', 0)
    expect(round.questions.map((q) => q.slot)).toEqual(['next', 'bug-step', 'bug-invariant'])
    expect(JSON.stringify(drillRound(d, 'drill-lease-gc-pause', 0))).toBe(JSON.stringify(round))
  })
})
