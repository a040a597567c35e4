import { describe, expect, test } from 'vitest'
import { FLAW_CATALOGUE, runScenario, type Scenario } from '@/lib/engine'
import { seeItFailHrefs } from './see-it-fail'
import { decodeState, STATE_PARAM } from './url-state'

describe('seeItFailHrefs', () => {
  test('each flaw opens its canonical scenario with exactly that flaw on, and the run breaks an invariant', async () => {
    const hrefs = seeItFailHrefs()
    expect(Object.keys(hrefs)).toEqual(FLAW_CATALOGUE.map((row) => row.id))
    for (const { id, scenario } of FLAW_CATALOGUE) {
      const url = new URL(hrefs[id], 'http://drill.test')
      expect(url.pathname).toBe('/sandbox')
      const decoded = decodeState(url.searchParams.get(STATE_PARAM) ?? '')
      if (!decoded.ok) throw new Error(decoded.message)
      expect(decoded.scenario.id).toBe(scenario)
      expect(decoded.scenario.config.flaws).toEqual([id])
      expect((await runScenario(decoded.scenario as Scenario)).violations.length, id).toBeGreaterThan(0)
    }
  })
})
