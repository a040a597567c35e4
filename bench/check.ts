// `npm run bench:check` — issue 37's target: all ten checks of `npm run check:server` against a
// correct server in ≤ 60 s on this machine, and the same seed gives the same schedule.
// Runs the checker (the real 30 s settle and start windows, as the CLI runs it) with one fixed
// seed against the correct reference servers (Node, Python standard library) and Drill's own
// engine through its adapter, one after another, and times each run's wall clock. Every run
// records the plan each check drew from the seed (amount, the ten duplicates' offsets, the
// pause before a retry); the runs' plans must equal each other and scheduleFor(seed), and
// another seed must give another schedule.

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { type CheckPlan, scheduleFor } from '../lib/check-server/checks'
import { runCheckServer } from '../lib/check-server/run'
import type { CheckId } from '../lib/check-server/types'

const SEED = Number(process.env.BENCH_SEED ?? 37)
const TARGET_MS = 60_000
const SERVERS = [
  ['Node (correct)', 'node tests/check-server/servers/node-server.mjs'],
  ['Python (correct)', 'python3 tests/check-server/servers/python-server.py'],
  ['engine adapter', 'node --import tsx tests/check-server/servers/engine-server.ts'],
] as const

delete process.env.DRILL_CHECK_SETTLE_MS
delete process.env.DRILL_CHECK_START_MS

interface Timed {
  name: string
  wallMs: number
  verdicts: string
  plans: Partial<Record<CheckId, CheckPlan>>
  checkMs: string
}

async function timeRun(name: string, command: string, dir: string): Promise<Timed> {
  const plans: Partial<Record<CheckId, CheckPlan>> = {}
  const starts: [CheckId, number][] = []
  const t0 = performance.now()
  const outcome = await runCheckServer(
    {
      start: `STATE_FILE=${path.join(dir, name.replace(/\W+/g, '-'))} ${command}`,
      seed: SEED,
      mismatchStatus: 422,
    },
    {
      plan: (id, plan) => {
        plans[id] = plan
        starts.push([id, performance.now()])
      },
    },
  )
  const wallMs = performance.now() - t0
  if (!outcome.ok) throw new Error(`${name}: ${outcome.sentence}`)
  const end = t0 + wallMs
  const checkMs = starts
    .map(([id, at], i) => `${id} ${(((starts[i + 1]?.[1] ?? end) - at) / 1000).toFixed(1)}`)
    .join(', ')
  const passed = outcome.report.checks.filter((c) => c.verdict === 'pass').length
  const failed = outcome.report.checks.filter((c) => c.verdict !== 'pass').map((c) => `${c.id} ${c.verdict}`)
  return {
    name,
    wallMs,
    verdicts: `${passed}/10 pass${failed.length ? ` (${failed.join(', ')})` : ''}`,
    plans,
    checkMs,
  }
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drill-bench-check-'))
  try {
    console.log(`bench:check — seed ${SEED}, settle window 30 s, target ≤ ${TARGET_MS / 1000} s per run\n`)
    const runs: Timed[] = []
    for (const [name, command] of SERVERS) runs.push(await timeRun(name, command, dir))
    // The first server again: two runs of one server with one seed.
    runs.push(await timeRun(`${SERVERS[0][0]}, again`, SERVERS[0][1], dir))
    console.log('| server | wall time | vs 60 s | checks |')
    console.log('|---|---:|---:|---|')
    for (const r of runs)
      console.log(
        `| ${r.name} | ${(r.wallMs / 1000).toFixed(1)} s | ${(r.wallMs / TARGET_MS).toFixed(2)} ${r.wallMs <= TARGET_MS ? 'PASS' : 'FAIL'} | ${r.verdicts} |`,
      )
    console.log('\nwhere each run went (s per check):')
    for (const r of runs) console.log(`  ${r.name}: ${r.checkMs}`)

    const expected = scheduleFor(SEED)
    const same = runs.every((r) => isDeepStrictEqual(r.plans, expected))
    const other = scheduleFor(SEED + 1)
    const differs = !isDeepStrictEqual(expected, other)
    console.log(`\nschedule of seed ${SEED} (what the seed decides, per check):`)
    for (const [id, plan] of Object.entries(expected))
      console.log(
        `  ${id}: amount ${plan.amount}${id === 'concurrent-duplicates' ? `, offsets ${plan.offsetsMs.join(' ')} ms` : ''}${id === 'lost-response' ? `, retry after ${plan.retryDelayMs} ms` : ''}`,
      )
    console.log(
      `same seed, same schedule: ${same ? 'PASS' : 'FAIL'} (the plans ${runs.length} runs drew from seed ${SEED} are ${same ? 'identical' : 'NOT identical'}, and equal scheduleFor(${SEED}))`,
    )
    console.log(`another seed, another schedule: ${differs ? 'yes' : 'NO'} (seed ${SEED + 1})`)
    const ok = same && differs && runs.every((r) => r.wallMs <= TARGET_MS && r.verdicts.startsWith('10/10'))
    process.exitCode = ok ? 0 : 1
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

void main()
