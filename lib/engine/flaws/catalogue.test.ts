// The flaw catalogue is the one list of flaws: FLAWS is its ids, every row has a module,
// and every row's scenario really shows that flaw (broken with it on, clean without it).
import { describe, expect, it } from 'vitest'
import { runScenario } from '../sim/runner'
import { scenarioById } from '../sim/scenarios'
import { FLAW_STEPS } from '.'
import { FLAW_CATALOGUE, FLAWS, flawEntry } from './catalogue'

describe('the flaw catalogue', () => {
  it('FLAWS is the catalogue ids in order, each once, each with a module', () => {
    expect([...FLAWS]).toEqual(FLAW_CATALOGUE.map((row) => row.id))
    expect(new Set(FLAWS).size).toBe(FLAWS.length)
    expect(Object.keys(FLAW_STEPS).sort()).toEqual([...FLAWS].sort())
    for (const flaw of FLAWS) expect(flawEntry(flaw).id).toBe(flaw)
  })

  it('every row names its switch and says what it changes', () => {
    for (const row of FLAW_CATALOGUE) {
      expect(row.label.trim(), row.id).not.toBe('')
      expect(row.hint, row.id).toMatch(/\.$/)
    }
    expect(new Set(FLAW_CATALOGUE.map((row) => row.label)).size).toBe(FLAW_CATALOGUE.length)
  })

  it("every row's scenario breaks an invariant with only that flaw on, and none with it off", async () => {
    for (const row of FLAW_CATALOGUE) {
      const scenario = scenarioById(row.scenario)
      expect(scenario, `${row.id}: scenario ${row.scenario}`).toBeDefined()
      const flawed = await runScenario(scenario!, { config: { flaws: [row.id] } })
      const correct = await runScenario(scenario!, { config: { flaws: [] } })
      expect(flawed.violations.length, `${row.id} on ${row.scenario}`).toBeGreaterThan(0)
      expect(correct.violations, `correct engine on ${row.scenario}`).toEqual([])
    }
  })
})
