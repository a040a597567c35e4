import { describe, expect, it } from 'vitest'
import { randomScenario, randomScenarioInput } from './random'
import { parseScenario, scenarioSchema } from './scenario'

describe('randomScenario', () => {
  it('is exactly what the schema makes of the generated input (fields, defaults and their order) for 3,000 seeds', () => {
    for (let seed = 0; seed < 3000; seed++) {
      const input = randomScenarioInput(seed)
      expect(parseScenario(input).ok).toBe(true)
      expect(JSON.stringify(randomScenario(seed))).toBe(JSON.stringify(scenarioSchema.parse(input)))
    }
  })
})
