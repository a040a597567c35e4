// Goal: with the correct config, no random fault schedule breaks an invariant;
// and the checker does fail when a trace breaks one (so it can fail).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { randomScenario } from '../sim/random'
import { runScenario } from '../sim/runner'
import { scenarioById } from '../sim/scenarios'
import { checkTrace } from './invariants'

const SEED = Number(process.env.DRILL_PROPERTY_SEED ?? 20_261_130)
const RUNS = Number(process.env.DRILL_PROPERTY_RUNS ?? 2000)

describe('the correct engine under random schedules', () => {
  it(`shows no violation over ${RUNS} random schedules (fast-check seed ${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 32 - 1 }), async (scheduleSeed) => {
        const result = await runScenario(randomScenario(scheduleSeed))
        if (result.violations.length > 0)
          throw new Error(
            `schedule seed ${scheduleSeed} (npm run sim -- random:${scheduleSeed}): ${result.violations.map((v) => `${v.id} ${v.message}`).join('; ')}`,
          )
      }),
      { seed: SEED, numRuns: RUNS },
    )
  }, 300_000)

  it('generates the same schedule from the same seed, and different ones from different seeds', () => {
    expect(JSON.stringify(randomScenario(7))).toBe(JSON.stringify(randomScenario(7)))
    expect(JSON.stringify(randomScenario(7))).not.toBe(JSON.stringify(randomScenario(8)))
  })
})

describe('the checker can fail', () => {
  it('reports I2 when a replay differs from the first answer', async () => {
    const { trace } = await runScenario(scenarioById('lost-response')!)
    const tampered = structuredClone(trace)
    const first = tampered.events.find((e) => e.kind === 'response-received')!
    // Pretend a second, different final answer reached the client for the same key and body.
    tampered.events.push({
      ...first,
      i: tampered.events.length,
      responseBody: first.responseBody!.replace('"id":88', '"id":99'),
    })
    expect(checkTrace(tampered).map((v) => v.id)).toContain('I2')
  })

  it('reports I5 when a key is left in_progress at the end', async () => {
    const { trace } = await runScenario(scenarioById('lost-response')!)
    const tampered = structuredClone(trace)
    const claim = tampered.events.find((e) => e.rows?.idempotencyKeys)!
    tampered.events.push({ ...claim, i: tampered.events.length })
    const violations = checkTrace(tampered)
    expect(violations.map((v) => v.id)).toContain('I5')
    expect(violations.find((v) => v.id === 'I5')?.message).toMatch(/in_progress/)
  })
})
