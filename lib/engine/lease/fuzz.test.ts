// Goal: the correct lease design (fencing tokens checked by the storage, leases that expire
// after the clock bound) breaks no invariant on any random schedule of pauses, crashes,
// delayed messages and drifting clocks — and each flaw is caught on the same schedules.
import { describe, expect, it } from 'vitest'
import { LEASE_FLAWS, type LeaseFlaw } from './catalogue'
import { randomLeaseScenario } from './random'
import { runLeaseScenario } from './run'

const SEEDS = 1500

describe(`the lease protocol on ${SEEDS} random schedules`, () => {
  it('the correct design breaks no invariant (a failure prints its seed)', () => {
    const broken: string[] = []
    for (let seed = 1; seed <= SEEDS; seed++) {
      const run = runLeaseScenario(randomLeaseScenario(seed))
      if (run.violations.length > 0)
        broken.push(`seed ${seed}: ${run.violations.map((v) => v.message).join(' ')}`)
    }
    expect(broken).toEqual([])
  })

  it.each(LEASE_FLAWS)('%s is caught on some schedule', (flaw: LeaseFlaw) => {
    let caught = 0
    for (let seed = 1; seed <= SEEDS && caught === 0; seed++)
      caught += runLeaseScenario(randomLeaseScenario(seed), { config: { flaws: [flaw] } }).violations.length
    expect(caught).toBeGreaterThan(0)
  })

  it('a seed reproduces its schedule', () => {
    expect(JSON.stringify(randomLeaseScenario(42))).toBe(JSON.stringify(randomLeaseScenario(42)))
    expect(JSON.stringify(randomLeaseScenario(42))).not.toBe(JSON.stringify(randomLeaseScenario(43)))
  })
})
