import { expect, test } from 'vitest'
import { propertySeed, seedLabel } from './property-seed'

test('a property test runs its fixed default seed unless FC_SEED names another', () => {
  expect(propertySeed(20261130, {})).toBe(20261130)
  expect(propertySeed(20261130, { FC_SEED: '' })).toBe(20261130)
  expect(propertySeed(20261130, { FC_SEED: '42' })).toBe(42)
  expect(() => propertySeed(1, { FC_SEED: 'now' })).toThrow('FC_SEED must be an integer, got "now"')
  expect(seedLabel(7)).toBe('(fast-check seed 7; FC_SEED=… to change)')
})
