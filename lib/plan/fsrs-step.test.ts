// The simulation's fast twin of ts-fsrs's memory model gives ts-fsrs's numbers:
// next_state, forgetting_curve and the unfuzzed interval, over random memories,
// ratings and intervals, with the default and with fitted parameters.
import fc from 'fast-check'
import { default_w, FSRSAlgorithm } from 'ts-fsrs'
import { describe, expect, test } from 'vitest'
import { propertySeed, seedLabel } from '@/tests/property-seed'
import { fsrsStep } from './fsrs-step'

const seed = propertySeed(20261203)
// Parameters an optimizer run produced (tests/plan fixtures use the same kind of history).
const fitted = [
  0.051, 0.313, 0.558, 2.008, 6.602, 0.637, 3.149, 0.001, 1.675, 0.26, 0.599, 1.431, 0.099, 0.192, 1.633,
  0.601, 1.873, 0, 0, 0, 0.1,
]

describe('fsrsStep', () => {
  for (const [name, parameters] of [
    ['default', null],
    ['fitted', fitted],
  ] as const)
    for (const enableShortTerm of [false, true])
      test(`equals ts-fsrs (${name} parameters, short-term ${enableShortTerm}) ${seedLabel(seed)}`, () => {
        const algorithm = new FSRSAlgorithm({
          w: [...(parameters ?? default_w)],
          enable_short_term: enableShortTerm,
        })
        const step = fsrsStep({ parameters, enableShortTerm })
        fc.assert(
          fc.property(
            fc.double({ min: 0.01, max: 3000, noNaN: true }),
            fc.double({ min: 1, max: 10, noNaN: true }),
            fc.integer({ min: 0, max: 400 }),
            fc.integer({ min: 1, max: 4 }),
            fc.constantFrom(0.7, 0.8, 0.9, 0.97),
            (stability, difficulty, elapsed, rating, retention) => {
              const memory = { stability, difficulty }
              const recall = step.recall(elapsed, stability)
              expect(recall).toBe(algorithm.forgetting_curve(elapsed, stability))
              expect(step.next(memory, elapsed, rating, recall)).toEqual(
                algorithm.next_state(memory, elapsed, rating, recall),
              )
              expect(step.next(null, 0, rating, 0)).toEqual(algorithm.next_state(null, 0, rating))
              const modifier = algorithm.calculate_interval_modifier(retention)
              expect(step.intervalDays(stability, retention)).toBe(
                Math.min(Math.max(1, Math.round(stability * modifier)), 36_500),
              )
            },
          ),
          { seed, numRuns: 500 },
        )
      })
})
