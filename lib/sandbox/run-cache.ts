// One run per scenario per process: `cachedRun(scenario, run)` answers from memory when
// this scenario (with this config and seed) ran before, and otherwise runs it once —
// concurrent asks for the same scenario share the one run. Server-only.
import 'server-only'
import { type AnyScenario, allScenarios, canonicalJson, sha256Hex } from '@/lib/engine'
import { processSlot } from '@/lib/process-memory'
import { isRunKeyCached, runMemory } from './run-memory'
import type { AnySandboxRun, SandboxRun } from './types'

// Scenario objects are never changed once parsed, and the presets are the same object on
// every request: each one's key is worked out once.
const keys = new WeakMap<AnyScenario, string>()

/** The scenario's identity: every field, key order aside (a run depends on nothing else). */
export function runKeyOf(scenario: AnyScenario): string {
  let key = keys.get(scenario)
  if (key === undefined) {
    key = sha256Hex(canonicalJson(scenario))
    keys.set(scenario, key)
  }
  return key
}

function canonicalKeys(): Set<string> {
  return processSlot('sandbox-canonical-keys', () => new Set(allScenarios().map(runKeyOf)))
}

export function isRunCached(scenario: AnyScenario): boolean {
  return isRunKeyCached(runKeyOf(scenario))
}

/** How many of these scenarios would run the simulator now (what the sandbox limit counts). */
export function uncachedRuns(scenarios: readonly AnyScenario[]): number {
  return new Set(scenarios.map(runKeyOf).filter((key) => !isRunKeyCached(key))).size
}

export function cachedRun<S extends AnyScenario>(scenario: S, run: (scenario: S) => Promise<SandboxRun<S>>) {
  const memory = runMemory()
  const key = runKeyOf(scenario)
  // A run key names its scenario, so a kept run is of the scenario's own protocol.
  const kept = (memory.canonical.get(key) ?? memory.recent.get(key)) as Promise<SandboxRun<S>> | undefined
  if (kept) {
    memory.counts.hits++
    return kept
  }
  memory.counts.runs++
  const made = run(scenario)
  const shelf = canonicalKeys().has(key) ? memory.canonical : memory.recent
  shelf.set(key, made as Promise<AnySandboxRun>)
  // A run that throws is not kept: the next ask tries again.
  made.catch(() => shelf.delete(key))
  return made
}
