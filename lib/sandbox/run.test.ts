import { describe, expect, it } from 'vitest'
import { runScenario, type Scenario } from '@/lib/engine'
import { chaosBatch, chaosSeed, compareForSandbox, runForSandbox, scenarioFromQuery } from './run'
import { decodeState } from './url-state'

describe('scenarioFromQuery', () => {
  it('loads a preset by id', () => {
    const loaded = scenarioFromQuery({ scenario: 'store-after-charge' })
    expect(loaded.problem).toBeNull()
    expect(loaded.scenario.id).toBe('store-after-charge')
  })

  it('falls back to lost-response with a message for an unknown preset or broken state', () => {
    expect(scenarioFromQuery({ scenario: 'nope' })).toMatchObject({
      problem: 'There is no preset named "nope".',
    })
    const broken = scenarioFromQuery({ s: 'v1.%%%' })
    expect(broken.scenario.id).toBe('lost-response')
    expect(broken.problem).toMatch(/format/)
  })
})

describe('runForSandbox', () => {
  it('store-after-charge: 2 charges, I1, and a share link that replays the same trace', async () => {
    const run = await runForSandbox(scenarioFromQuery({ scenario: 'store-after-charge' }).scenario)
    expect(run.trace.charges).toBe(2)
    expect(run.violations.map((v) => v.id)).toContain('I1')
    const decoded = decodeState(run.share)
    if (!decoded.ok) throw new Error(decoded.message)
    const again = await runForSandbox(decoded.scenario)
    expect(JSON.stringify(again.trace)).toBe(JSON.stringify(run.trace))
  })

  it('compare states the outcome difference', async () => {
    const lost = scenarioFromQuery({ scenario: 'store-after-charge' }).scenario as Scenario
    const fixed = { ...lost, config: { ...lost.config, flaws: [] } }
    const compared = await compareForSandbox(fixed, lost)
    expect(compared.summary).toBe('1 charge vs 2')
  })
})

describe('chaos', () => {
  it('derives a reproducible seed per schedule', () => {
    expect(chaosSeed(1, 0)).toBe(chaosSeed(1, 0))
    expect(chaosSeed(1, 0)).not.toBe(chaosSeed(1, 1))
    expect(chaosSeed(1, 0)).not.toBe(chaosSeed(2, 0))
  })

  it('finds nothing on the correct engine', async () => {
    const batch = await chaosBatch({ seed: 1, from: 0, count: 40, config: { flaws: [] } })
    expect(batch).toEqual({ ran: 40, failure: null })
  })

  it('with a flaw, finds a failing schedule and shrinks it to one that still fails', async () => {
    const batch = await chaosBatch({ seed: 1, from: 0, count: 100, config: { flaws: ['no-provider-key'] } })
    const failure = batch.failure
    if (!failure) throw new Error('chaos found no failure with no-provider-key in 100 schedules (seed 1)')
    const shrunk = failure.shrunk.scenario
    expect(shrunk.requests.length + shrunk.faults.length + shrunk.sweeps.length).toBeLessThanOrEqual(
      failure.original.requests + failure.original.faults + failure.original.sweeps,
    )
    const rerun = await runScenario(shrunk)
    const broken = new Set(failure.violations.map((v) => v.id))
    expect(rerun.violations.some((v) => broken.has(v.id))).toBe(true)
    expect(failure.shrunk.violations.length).toBeGreaterThan(0)
  })
})
