// `npm run sim` — run the payment engine in the deterministic simulator.
//   npm run sim -- --list
//   npm run sim -- <scenario-id | path.json | random:<seed>> [--flaw <name>]... [--correct] [--policy wait|reject-409] [--json]
//   (--flaw replaces the scenario's own flaws; --correct switches them all off)
//   npm run sim -- --fuzz <n> --seed <s> [--flaw <name>]... [--policy wait|reject-409]
// Exit codes: 0 ok (a flawed config may show violations: that is the lesson), 1 the
// correct engine broke an invariant, 2 bad arguments or a malformed scenario.
import fs from 'node:fs'
import os from 'node:os'
import { Worker } from 'node:worker_threads'
import '@/lib/simulator'
import {
  canonicalScenarios,
  type EngineConfig,
  FLAWS,
  type Flaw,
  type FuzzJob,
  type FuzzMessage,
  formatTimeline,
  fuzzRange,
  INVARIANTS,
  type InvariantId,
  loadScenarioFile,
  randomScenario,
  runScenario,
  type Scenario,
  ScenarioFileError,
  scenarioById,
} from '@/lib/engine'

class UsageError extends Error {}

/** Where the CLI writes (swapped by the tests, which run it in-process). */
let write: { out: (text: string) => void; err: (text: string) => void } = {
  out: (text: string) => void process.stdout.write(text),
  err: (text: string) => void process.stderr.write(text),
}
const log = (line: string) => write.out(`${line}\n`)

const USAGE = `usage:
  npm run sim -- --list
  npm run sim -- <scenario-id | path.json | random:<seed>> [--flaw <name>]... [--correct] [--policy wait|reject-409] [--json]
  npm run sim -- --fuzz <n> --seed <s> [--flaw <name>]... [--policy wait|reject-409]
flaws: ${FLAWS.join(', ')}`

interface Args {
  list: boolean
  json: boolean
  fuzz?: number
  seed?: number
  flaws: Flaw[]
  /** --correct: run with no flaws, whatever the scenario switches on. */
  correct: boolean
  policy?: 'wait' | 'reject-409'
  target?: string
}

function parseInteger(flag: string, value: string | undefined, min: number): number {
  if (value === undefined || !/^\d+$/.test(value))
    throw new UsageError(
      `${flag} needs a whole number, got ${value === undefined ? 'nothing' : `"${value}"`}`,
    )
  const n = Number(value)
  if (!Number.isSafeInteger(n) || n < min)
    throw new UsageError(`${flag} must be at least ${min}, got ${value}`)
  return n
}

export function parseArgs(argv: string[]): Args {
  const args: Args = { list: false, json: false, flaws: [], correct: false }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    switch (arg) {
      case '--list':
        args.list = true
        break
      case '--json':
        args.json = true
        break
      case '--correct':
        args.correct = true
        break
      case '--fuzz':
        args.fuzz = parseInteger('--fuzz', argv[++i], 1)
        break
      case '--seed':
        args.seed = parseInteger('--seed', argv[++i], 0)
        if (args.seed > 2 ** 32 - 1) throw new UsageError('--seed must fit in 32 bits')
        break
      case '--flaw': {
        const flaw = argv[++i]
        if (flaw === undefined || !(FLAWS as readonly string[]).includes(flaw))
          throw new UsageError(
            `unknown flaw ${flaw === undefined ? '(missing)' : `"${flaw}"`}; choose from ${FLAWS.join(', ')}`,
          )
        if (!args.flaws.includes(flaw as Flaw)) args.flaws.push(flaw as Flaw)
        break
      }
      case '--policy': {
        const policy = argv[++i]
        if (policy !== 'wait' && policy !== 'reject-409')
          throw new UsageError(
            `--policy must be wait or reject-409, got ${policy === undefined ? 'nothing' : `"${policy}"`}`,
          )
        args.policy = policy
        break
      }
      case '--help':
      case '-h':
        throw new UsageError('')
      default:
        if (arg.startsWith('-')) throw new UsageError(`unknown option "${arg}"`)
        if (args.target !== undefined)
          throw new UsageError(`only one scenario per run (got "${args.target}" and "${arg}")`)
        args.target = arg
    }
  }
  const modes = [args.list, args.fuzz !== undefined, args.target !== undefined].filter(Boolean).length
  if (modes === 0) throw new UsageError('name a scenario, or use --list or --fuzz')
  if (modes > 1) throw new UsageError('use one of: a scenario, --list, --fuzz')
  if (args.correct && args.flaws.length > 0)
    throw new UsageError('--correct and --flaw contradict each other')
  if (args.fuzz !== undefined && args.seed === undefined) throw new UsageError('--fuzz needs --seed <s>')
  if (args.fuzz === undefined && args.seed !== undefined && !args.target?.startsWith('random:'))
    throw new UsageError('--seed goes with --fuzz (or use random:<seed> as the scenario)')
  return args
}

function configOverrides(args: Args): Partial<EngineConfig> {
  const overrides: Partial<EngineConfig> = {}
  if (args.flaws.length > 0 || args.correct) overrides.flaws = args.flaws
  if (args.policy === 'wait') overrides.inFlightPolicy = { kind: 'wait', maxWaitMs: 1000, retryAfterS: 1 }
  if (args.policy === 'reject-409') overrides.inFlightPolicy = { kind: 'reject-409', retryAfterS: 1 }
  return overrides
}

function resolveScenario(target: string): Scenario {
  if (target.startsWith('random:'))
    return randomScenario(parseInteger('random:<seed>', target.slice('random:'.length), 0))
  if (target.endsWith('.json') || target.includes('/')) {
    if (!fs.existsSync(target)) throw new UsageError(`no scenario file at ${target}`)
    return loadScenarioFile(target)
  }
  const scenario = scenarioById(target)
  if (!scenario)
    throw new UsageError(
      `unknown scenario "${target}"; known: ${canonicalScenarios()
        .map((s) => s.id)
        .join(', ')}`,
    )
  return scenario
}

async function runOne(args: Args): Promise<number> {
  const scenario = resolveScenario(args.target!)
  const overrides = configOverrides(args)
  const result = await runScenario(scenario, { config: overrides })
  const correct = result.config.flaws.length === 0
  if (args.json) {
    const { trace } = result
    write.out(
      `${JSON.stringify({
        scenario: scenario.id,
        title: scenario.title,
        seed: trace.seed,
        config: result.config,
        charges: result.charges,
        verdict: result.violations.length === 0 ? 'ok' : 'violated',
        violations: result.violations,
        notes: result.notes,
        responses: result.responses.map((r) => ({
          tMs: r.tMs,
          requestId: r.requestId,
          accountId: r.accountId,
          key: r.key,
          status: r.status,
          body: r.body,
          replayed: r.replayed,
        })),
        clockStart: trace.clockStart,
        startMs: trace.startMs,
        actors: trace.actors,
        events: trace.events,
        truncated: result.truncated,
      })}\n`,
    )
  } else {
    log(
      formatTimeline(result.trace, {
        violations: result.violations,
        notes: result.notes,
        title: scenario.title,
      }),
    )
  }
  return correct && result.violations.length > 0 ? 1 : 0
}

/** Worker threads for --fuzz: one per core (at most 4), none for small runs. */
function fuzzWorkers(n: number): number {
  const fromEnv = Number(process.env.DRILL_FUZZ_WORKERS)
  if (Number.isInteger(fromEnv) && fromEnv >= 1) return Math.min(fromEnv, 8)
  return n < 2000 ? 1 : Math.max(1, Math.min(4, os.availableParallelism()))
}

async function fuzz(args: Args): Promise<number> {
  const n = args.fuzz!
  const seed0 = args.seed!
  const overrides = configOverrides(args)
  const flawArgs =
    args.flaws.map((f) => ` --flaw ${f}`).join('') + (args.policy ? ` --policy ${args.policy}` : '')
  const correct = args.flaws.length === 0
  const printLimit = correct ? 1000 : 20
  const tty = process.stderr.isTTY
  const started = performance.now()
  const workers = fuzzWorkers(n)
  log(
    `fuzz: ${n} random schedules, seeds ${seed0}…${seed0 + n - 1}, ${args.flaws.length === 0 ? 'correct engine' : `flaws: ${args.flaws.join(', ')}`}${workers > 1 ? `, ${workers} workers` : ''}`,
  )

  const done = new Array<number>(workers).fill(0)
  let lastProgress = 0
  const progress = (final = false) => {
    const now = performance.now()
    if (!final && now - lastProgress < (tty ? 200 : 5000)) return
    lastProgress = now
    const total = done.reduce((a, b) => a + b, 0)
    const rate = Math.round(total / Math.max((now - started) / 1000, 0.001))
    const line = `fuzz: ${total}/${n} schedules · ${rate}/s`
    write.err(tty ? `\r${line}${final ? '\n' : ''}` : `${line}\n`)
  }

  const jobs: FuzzJob[] = []
  const per = Math.ceil(n / workers)
  for (let w = 0; w < workers; w++) {
    const first = seed0 + w * per
    const count = Math.min(per, n - w * per)
    if (count > 0) jobs.push({ firstSeed: first, count, config: overrides, keepFindings: printLimit })
  }
  const results = await Promise.all(
    jobs.map((job, w) =>
      workers === 1
        ? fuzzRange(job, (d) => {
            done[w] = d
            progress()
          })
        : new Promise<Extract<FuzzMessage, { type: 'done' }>>((resolve, reject) => {
            // Workers start without tsx's loader: register it, configure the simulator (the
            // app's migrations and scenarios), then run the job in workerData through the
            // engine's entry.
            const setup = new URL('../lib/simulator.ts', import.meta.url).href
            const entry = new URL('../lib/engine/index.ts', import.meta.url).href
            const worker = new Worker(
              `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(setup)}) }).then(() => import(${JSON.stringify(entry)})).then((engine) => engine.runFuzzWorker())`,
              { eval: true, workerData: { drillFuzz: job } },
            )
            worker.on('message', (message: FuzzMessage) => {
              if (message.type === 'progress') {
                done[w] = message.done
                progress()
              } else resolve(message)
            })
            worker.on('error', reject)
            worker.on('exit', (code) => {
              if (code !== 0) reject(new Error(`fuzz worker ${w} exited with ${code}`))
            })
          }),
    ),
  )
  for (const [w, job] of jobs.entries()) done[w] = job.count
  progress(true)
  const seconds = (performance.now() - started) / 1000

  const findings = results.flatMap((r) => r.findings).sort((a, b) => a.seed - b.seed)
  const broken = new Map<InvariantId, number>()
  for (const r of results) for (const [id, count] of r.broken) broken.set(id, (broken.get(id) ?? 0) + count)
  const brokenSchedules = results.reduce((sum, r) => sum + r.brokenSchedules, 0)
  let printed = 0
  for (const f of findings)
    for (const line of f.lines)
      if (printed++ < printLimit)
        log(`seed ${f.seed}: ${line}  (reproduce: npm run sim -- random:${f.seed}${flawArgs})`)
  if (brokenSchedules === 0) {
    log(`no violation in ${n} schedules (${seconds.toFixed(1)} s, ${Math.round(n / seconds)} schedules/s)`)
    return 0
  }
  if (printed > printLimit || findings.length < brokenSchedules) log('… more violations not shown')
  log(`broken schedules: ${brokenSchedules} of ${n} (${seconds.toFixed(1)} s)`)
  for (const [id, count] of [...broken].sort(([a], [b]) => a.localeCompare(b)))
    log(`  ${id} ${INVARIANTS[id]}: ${count} schedule${count === 1 ? '' : 's'}`)
  return correct ? 1 : 0
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv)
  if (args.list) {
    const scenarios = canonicalScenarios()
    const width = Math.max(...scenarios.map((s) => s.id.length))
    for (const s of scenarios) {
      const flaws = s.config.flaws && s.config.flaws.length > 0 ? ` [${s.config.flaws.join(', ')}]` : ''
      log(`${s.id.padEnd(width)}  ${s.title}${flaws}`)
    }
    return 0
  }
  if (args.fuzz !== undefined) return fuzz(args)
  return runOne(args)
}

/** Runs the CLI and returns its exit code (0 ok, 1 the correct engine broke, 2 bad input). */
export async function runCli(
  argv: string[],
  io?: { out: (text: string) => void; err: (text: string) => void },
): Promise<number> {
  const previous = write
  if (io) write = io
  try {
    return await main(argv)
  } catch (error) {
    if (error instanceof UsageError) {
      if (error.message) write.err(`sim: ${error.message}\n`)
      write.err(`${USAGE}\n`)
      return 2
    }
    if (error instanceof ScenarioFileError) {
      write.err(`sim: malformed scenario ${error.message}\n`)
      return 2
    }
    throw error
  } finally {
    write = previous
  }
}

const invokedDirectly = process.argv[1]?.replace(/\\/g, '/').endsWith('scripts/sim.ts')
if (invokedDirectly) {
  // `npm run sim -- … | head` closes the pipe early: that is not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0)
    throw error
  })
  runCli(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => {
      console.error(error)
      process.exitCode = 1
    },
  )
}
