import { expect, test } from 'vitest'
import { propertySeed, seedLabel } from './property-seed'

test('a property test runs its fixed default seed unless DRILL_PROPERTY_SEED (or FC_SEED) names another', () => {
  expect(propertySeed(20261130, {})).toBe(20261130)
  expect(propertySeed(20261130, { FC_SEED: '' })).toBe(20261130)
  expect(propertySeed(20261130, { DRILL_PROPERTY_SEED: '42' })).toBe(42)
  expect(propertySeed(20261130, { FC_SEED: '43' })).toBe(43)
  expect(propertySeed(20261130, { DRILL_PROPERTY_SEED: '42', FC_SEED: '43' })).toBe(42)
  expect(() => propertySeed(1, { DRILL_PROPERTY_SEED: 'now' })).toThrow(
    'DRILL_PROPERTY_SEED must be an integer, got "now"',
  )
  expect(seedLabel(7)).toBe('(fast-check seed 7; DRILL_PROPERTY_SEED=… to change)')
})
