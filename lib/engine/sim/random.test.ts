import { describe, expect, it } from 'vitest'
import { randomScenario, randomScenarioInput } from './random'
import { runScenario } from './runner'
import { parseScenario, scenarioSchema } from './scenario'

describe('randomScenario', () => {
  it('is exactly what the schema makes of the generated input (fields, defaults and their order) for 3,000 seeds', () => {
    for (let seed = 0; seed < 3000; seed++) {
      const input = randomScenarioInput(seed)
      expect(parseScenario(input).ok).toBe(true)
      expect(JSON.stringify(randomScenario(seed))).toBe(JSON.stringify(scenarioSchema.parse(input)))
    }
  })

  it('now and then crashes server-1 with many keys in flight; the correct engine recovers them together, in time', async () => {
    const seeds = Array.from({ length: 600 }, (_, seed) => seed).filter((seed) =>
      randomScenario(seed).requests.some((r) => r.key.startsWith('many-')),
    )
    expect(seeds.length).toBeGreaterThanOrEqual(10)
    let largestTogether = 0
    for (const seed of seeds) {
      const result = await runScenario(randomScenario(seed))
      expect(result.violations, `npm run sim -- random:${seed}`).toEqual([])
      const takeoversAt = new Map<number, number>()
      for (const e of result.trace.events)
        if (e.kind === 'lease-takeover' && e.actor === 'sweeper')
          takeoversAt.set(e.tMs, (takeoversAt.get(e.tMs) ?? 0) + 1)
      largestTogether = Math.max(largestTogether, ...takeoversAt.values(), 0)
    }
    // At least one schedule left 8 or more keys stuck, and one pass took them over at one instant.
    expect(largestTogether).toBeGreaterThanOrEqual(8)
  })
})
