// The sandbox's runs kept in memory, in one place per process (lib/process-memory), so
// the page, the sandbox API, the card timelines and proxy.ts see the same cache. A run is
// a pure function of its scenario (schedule, config, seed: virtual time, seeded), so a
// kept run is the run. Two shelves: the canonical scenarios' runs (the presets, every
// card's timelines) are never dropped; any other run sits in a bounded LRU.
// No engine code at run time (types only): proxy.ts asks `isSandboxPageCached` before it
// decides whether a /sandbox page load counts against a limit.
import { Lru } from '@/lib/lru'
import { processSlot } from '@/lib/process-memory'
import type { AnySandboxRun } from './types'

/** Runs other than the canonical ones kept at once (a trace is tens of KB). */
export const RECENT_RUNS = 64

interface RunMemory {
  /** Run key (sha256 of the scenario's canonical JSON) → the run, for the canonical scenarios. */
  canonical: Map<string, Promise<AnySandboxRun>>
  /** Run key → the run, for every other scenario. */
  recent: Lru<string, Promise<AnySandboxRun>>
  /** Sandbox page key (what in its URL picks the run) → the run key it showed. */
  pages: Lru<string, string>
  /** Simulator runs the cache made, and answers it gave from memory. */
  counts: { runs: number; hits: number }
}

export function runMemory(): RunMemory {
  return processSlot('sandbox-runs', () => ({
    canonical: new Map(),
    recent: new Lru(RECENT_RUNS),
    // Preset ids and shared links; a page key only counts as cached while its run is still held.
    pages: new Lru(RECENT_RUNS * 4),
    counts: { runs: 0, hits: 0 },
  }))
}

export function isRunKeyCached(runKey: string): boolean {
  const memory = runMemory()
  return memory.canonical.has(runKey) || memory.recent.has(runKey)
}

/** What in a /sandbox URL picks its run: the shared state wins over a preset id (lib/sandbox/run.ts). */
export function sandboxPageKey(query: { s?: string | null; scenario?: string | null }): string {
  if (query.s !== undefined && query.s !== null) return `s=${query.s}`
  if (query.scenario !== undefined && query.scenario !== null) return `scenario=${query.scenario}`
  return ''
}

/** True when a /sandbox page with this key would show a run already in memory (it runs nothing). */
export function isSandboxPageCached(pageKey: string): boolean {
  const runKey = runMemory().pages.get(pageKey)
  return runKey !== undefined && isRunKeyCached(runKey)
}

export function rememberSandboxPage(pageKey: string, runKey: string): void {
  runMemory().pages.set(pageKey, runKey)
}

/** For /api/health's test details. */
export function runCacheCounts(): { runs: number; hits: number; canonical: number; recent: number } {
  const memory = runMemory()
  return { ...memory.counts, canonical: memory.canonical.size, recent: memory.recent.size }
}
