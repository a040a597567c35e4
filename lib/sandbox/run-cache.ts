// One run per scenario per process: `cachedRun(scenario, run)` answers from memory when
// this scenario (with this config and seed) ran before, and otherwise runs it once —
// concurrent asks for the same scenario share the one run. Server-only.
import 'server-only'
import { canonicalJson, canonicalScenarios, type Scenario, sha256Hex } from '@/lib/engine'
import { processSlot } from '@/lib/process-memory'
import { isRunKeyCached, runMemory } from './run-memory'
import type { SandboxRun } from './types'

// Scenario objects are never changed once parsed, and the presets are the same object on
// every request: each one's key is worked out once.
const keys = new WeakMap<Scenario, string>()

/** The scenario's identity: every field, key order aside (a run depends on nothing else). */
export function runKeyOf(scenario: Scenario): string {
  let key = keys.get(scenario)
  if (key === undefined) {
    key = sha256Hex(canonicalJson(scenario))
    keys.set(scenario, key)
  }
  return key
}

function canonicalKeys(): Set<string> {
  return processSlot('sandbox-canonical-keys', () => new Set(canonicalScenarios().map(runKeyOf)))
}

export function isRunCached(scenario: Scenario): boolean {
  return isRunKeyCached(runKeyOf(scenario))
}

/** How many of these scenarios would run the simulator now (what the sandbox limit counts). */
export function uncachedRuns(scenarios: readonly Scenario[]): number {
  return new Set(scenarios.map(runKeyOf).filter((key) => !isRunKeyCached(key))).size
}

export function cachedRun(scenario: Scenario, run: (scenario: Scenario) => Promise<SandboxRun>) {
  const memory = runMemory()
  const key = runKeyOf(scenario)
  const kept = memory.canonical.get(key) ?? memory.recent.get(key)
  if (kept) {
    memory.counts.hits++
    return kept
  }
  memory.counts.runs++
  const made = run(scenario)
  const shelf = canonicalKeys().has(key) ? memory.canonical : memory.recent
  shelf.set(key, made)
  // A run that throws is not kept: the next ask tries again.
  made.catch(() => shelf.delete(key))
  return made
}
