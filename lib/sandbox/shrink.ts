// Greedy shrinking (delta debugging in its simplest form): keep taking the first smaller
// candidate that still fails, until none does. `fails` runs the simulator.
import type { Scenario } from '@/lib/engine'
import { removeRequest } from './builder'

export interface ShrinkResult<T> {
  value: T
  /** Candidates tried (each one a simulator run). */
  tries: number
  /** Accepted shrinking steps. */
  steps: number
}

export async function shrink<T>(
  failing: T,
  candidates: (value: T) => Iterable<T>,
  fails: (value: T) => boolean | Promise<boolean>,
  { maxTries = 400 }: { maxTries?: number } = {},
): Promise<ShrinkResult<T>> {
  let value = failing
  let tries = 0
  let steps = 0
  let improved = true
  while (improved && tries < maxTries) {
    improved = false
    for (const candidate of candidates(value)) {
      if (tries >= maxTries) break
      tries++
      if (await fails(candidate)) {
        value = candidate
        steps++
        improved = true
        break
      }
    }
  }
  return { value, tries, steps }
}

/**
 * Smaller versions of a scenario, biggest cuts first: drop a fault, a sweep or a request;
 * then make what is left plainer (no delays, default timings, round times).
 */
export function* scenarioCandidates(scenario: Scenario): Generator<Scenario> {
  for (let i = 0; i < scenario.faults.length; i++)
    yield { ...scenario, faults: scenario.faults.filter((_, j) => j !== i) }
  for (let i = 0; i < scenario.sweeps.length; i++)
    yield { ...scenario, sweeps: scenario.sweeps.filter((_, j) => j !== i) }
  for (let i = scenario.requests.length - 1; i >= 0; i--) {
    if (scenario.requests.length > 1) yield removeRequest(scenario, i)
  }
  for (let i = 0; i < scenario.faults.length; i++) {
    const fault = scenario.faults[i]
    if (fault?.kind === 'crash' && fault.afterMs !== 0) {
      yield { ...scenario, faults: scenario.faults.map((f, j) => (j === i ? { ...fault, afterMs: 0 } : f)) }
    }
  }
  for (let i = 0; i < scenario.requests.length; i++) {
    const request = scenario.requests[i]
    if (!request) continue
    const rounded = Math.floor(request.atMs / 100) * 100
    if (rounded !== request.atMs) {
      yield {
        ...scenario,
        requests: scenario.requests.map((r, j) => (j === i ? { ...request, atMs: rounded } : r)),
      }
    }
    if (request.timeoutMs !== 2000) {
      yield {
        ...scenario,
        requests: scenario.requests.map((r, j) => (j === i ? { ...request, timeoutMs: 2000 } : r)),
      }
    }
  }
}
