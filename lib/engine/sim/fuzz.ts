// Fuzzing: run a range of random schedules and tally what broke. Split across
// worker threads by the CLI; each worker runs a contiguous range of seeds, so a
// seed alone still reproduces its schedule.
import { parentPort, workerData } from 'node:worker_threads'
import type { InvariantId, Violation } from '../check/violation'
import type { Trace } from '../trace'
import type { EngineConfig } from '../types'
import { formatViolation } from './format'
import { randomScenario } from './random'
import { runScenario } from './runner'

export interface FuzzFinding {
  seed: number
  violations: Violation[]
  /** Each violation as one readable line (with the event time). */
  lines: string[]
}

export interface FuzzRangeResult {
  runs: number
  findings: FuzzFinding[]
}

export interface FuzzJob {
  firstSeed: number
  count: number
  config: Partial<EngineConfig>
  /** Keep at most this many findings in detail (counts are always complete). */
  keepFindings: number
}

export type FuzzMessage =
  | { type: 'progress'; done: number }
  | {
      type: 'done'
      runs: number
      findings: FuzzFinding[]
      broken: [InvariantId, number][]
      brokenSchedules: number
    }

/**
 * Schedules run at once on one thread. A run waits one event-loop turn (setImmediate)
 * after each simulated event so every continuation settles first; runs in flight
 * together share those turns. Runs share no state (own databases, queue, clock,
 * recorder), so each one's trace is the same as when run alone.
 */
const IN_FLIGHT = 8

interface Outcome {
  violations: Violation[]
  /** Kept only for a run that broke something, to describe it. */
  trace?: Trace
}

/** Runs seeds firstSeed … firstSeed+count-1; reports progress every `every` runs, tallies in seed order. */
export async function fuzzRange(job: FuzzJob, onProgress?: (done: number) => void, every = 250) {
  const findings: FuzzFinding[] = []
  const broken = new Map<InvariantId, number>()
  let brokenSchedules = 0
  // Finished runs wait here until every earlier seed is in (a small window: only a summary is kept).
  const finished = new Map<number, Outcome>()
  let tallied = 0
  const tally = () => {
    for (let outcome = finished.get(tallied); outcome; outcome = finished.get(tallied)) {
      finished.delete(tallied)
      const seed = job.firstSeed + tallied
      tallied++
      if (outcome.violations.length > 0) {
        brokenSchedules++
        for (const id of new Set(outcome.violations.map((v) => v.id)))
          broken.set(id, (broken.get(id) ?? 0) + 1)
        if (findings.length < job.keepFindings)
          findings.push({
            seed,
            violations: outcome.violations,
            lines: outcome.violations.map((v) => formatViolation(outcome.trace!, v)),
          })
      }
      if (onProgress && tallied % every === 0) onProgress(tallied)
    }
  }
  let next = 0
  const lane = async () => {
    while (next < job.count) {
      const i = next++
      const seed = job.firstSeed + i
      const result = await runScenario(randomScenario(seed), { config: job.config, seed })
      finished.set(
        i,
        result.violations.length > 0
          ? { violations: result.violations, trace: result.trace }
          : { violations: result.violations },
      )
      tally()
    }
  }
  await Promise.all(Array.from({ length: Math.min(IN_FLIGHT, job.count) }, lane))
  return { runs: job.count, findings, broken: [...broken], brokenSchedules }
}

// As a worker thread: run the job passed in workerData and post the result.
if (parentPort && (workerData as { drillFuzz?: FuzzJob } | undefined)?.drillFuzz) {
  const port = parentPort
  const job = (workerData as { drillFuzz: FuzzJob }).drillFuzz
  void fuzzRange(job, (done) => port.postMessage({ type: 'progress', done } satisfies FuzzMessage)).then(
    (result) => port.postMessage({ type: 'done', ...result } satisfies FuzzMessage),
  )
}
