// Fuzzing: run a range of random schedules and tally what broke. Split across
// worker threads by the CLI; each worker runs a contiguous range of seeds, so a
// seed alone still reproduces its schedule.
import { parentPort, workerData } from 'node:worker_threads'
import type { InvariantId, Violation } from '../check/violation'
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

/** Runs seeds firstSeed … firstSeed+count-1; reports progress every `every` runs. */
export async function fuzzRange(job: FuzzJob, onProgress?: (done: number) => void, every = 250) {
  const findings: FuzzFinding[] = []
  const broken = new Map<InvariantId, number>()
  let brokenSchedules = 0
  for (let i = 0; i < job.count; i++) {
    const seed = job.firstSeed + i
    const result = await runScenario(randomScenario(seed), { config: job.config, seed })
    if (result.violations.length > 0) {
      brokenSchedules++
      for (const id of new Set(result.violations.map((v) => v.id))) broken.set(id, (broken.get(id) ?? 0) + 1)
      if (findings.length < job.keepFindings)
        findings.push({
          seed,
          violations: result.violations,
          lines: result.violations.map((v) => formatViolation(result.trace, v)),
        })
    }
    if (onProgress && (i + 1) % every === 0) onProgress(i + 1)
  }
  return { runs: job.count, findings, broken: [...broken], brokenSchedules }
}

/**
 * A fuzz worker thread's body: run the job passed in workerData and post progress and the
 * result. Called by the worker (the CLI starts it) once the simulator is configured, not
 * on import: importing the engine's entry must not start a job.
 */
export function runFuzzWorker(): void {
  const job = (workerData as { drillFuzz?: FuzzJob } | undefined)?.drillFuzz
  const port = parentPort
  if (!port || !job) throw new Error('runFuzzWorker runs only in a fuzz worker thread (workerData.drillFuzz)')
  void fuzzRange(job, (done) => port.postMessage({ type: 'progress', done } satisfies FuzzMessage)).then(
    (result) => port.postMessage({ type: 'done', ...result } satisfies FuzzMessage),
  )
}
