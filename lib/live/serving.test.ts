import { afterEach, expect, test } from 'vitest'
import { holdUntilServing, markServing, whenServing } from './serving'

afterEach(() => {
  delete (globalThis as { drillServingGate?: unknown }).drillServingGate
})

test('without a held gate (next dev, next start) what waits for serving runs at once', () => {
  const ran: string[] = []
  whenServing(() => ran.push('sweeps'))
  expect(ran).toEqual(['sweeps'])
})

test('a held gate runs what waited once, when the server listens, and later asks at once', () => {
  const ran: string[] = []
  holdUntilServing()
  whenServing(() => ran.push('sweeps'))
  expect(ran).toEqual([])
  markServing()
  markServing()
  expect(ran).toEqual(['sweeps'])
  whenServing(() => ran.push('late'))
  expect(ran).toEqual(['sweeps', 'late'])
})
