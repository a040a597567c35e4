import { describe, expect, it } from 'vitest'
import { runScenario, type Scenario, scenarioById } from '@/lib/engine'
import { scenarioCandidates, shrink } from './shrink'

const breaks = (id: string) => async (scenario: Scenario) =>
  (await runScenario(scenario)).violations.some((v) => v.id === id)

describe('shrink', () => {
  it('returns the smallest value that still fails (plain numbers)', async () => {
    const halves = function* (n: number) {
      if (n > 0) yield Math.floor(n / 2)
      if (n > 0) yield n - 1
    }
    const result = await shrink(1000, halves, (n) => n >= 37)
    expect(result.value).toBe(37)
  })

  it('shrinks a noisy store-after-charge schedule to one that still double-charges', async () => {
    const base = scenarioById('store-after-charge')!
    const noisy: Scenario = {
      ...base,
      requests: [
        ...base.requests,
        { ...base.requests[0]!, id: 'B', atMs: 5_000, accountId: 18, key: 'another-key', retryOf: undefined },
        { ...base.requests[0]!, id: 'C', atMs: 7_300, key: 'third-key', retryOf: undefined, timeoutMs: 900 },
      ],
      faults: [...base.faults, { kind: 'drop-response', requestId: 'B' }],
      sweeps: [...base.sweeps, { atMs: 9_000, sweep: 'reaper' }],
    }
    const fails = breaks('I1')
    expect(await fails(noisy)).toBe(true)

    const result = await shrink(noisy, scenarioCandidates, fails)
    expect(await fails(result.value)).toBe(true)
    expect(result.value.requests.length).toBeLessThan(noisy.requests.length)
    expect(result.value.faults.length + result.value.sweeps.length).toBeLessThan(
      noisy.faults.length + noisy.sweeps.length,
    )
    // Minimal: dropping any one more piece makes it pass.
    for (const smaller of scenarioCandidates(result.value)) {
      if (
        smaller.requests.length < result.value.requests.length ||
        smaller.faults.length < result.value.faults.length
      ) {
        expect(await fails(smaller)).toBe(false)
      }
    }
  })
})
