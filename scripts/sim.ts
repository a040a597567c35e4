// `npm run sim` — run the payment engine in the deterministic simulator.
//   npm run sim -- --list
//   npm run sim -- <scenario-id | path.json | random:<seed>> [--flaw <name>]... [--policy wait|reject-409] [--json]
//   npm run sim -- --fuzz <n> --seed <s> [--flaw <name>]... [--policy wait|reject-409]
// Exit codes: 0 ok (a flawed config may show violations: that is the lesson), 1 the
// correct engine broke an invariant, 2 bad arguments or a malformed scenario.
import fs from 'node:fs'
import {
  canonicalScenarios,
  describeConfig,
  type EngineConfig,
  FLAWS,
  type Flaw,
  formatTimeline,
  formatViolation,
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

const USAGE = `usage:
  npm run sim -- --list
  npm run sim -- <scenario-id | path.json | random:<seed>> [--flaw <name>]... [--policy wait|reject-409] [--json]
  npm run sim -- --fuzz <n> --seed <s> [--flaw <name>]... [--policy wait|reject-409]
flaws: ${FLAWS.join(', ')}`

interface Args {
  list: boolean
  json: boolean
  fuzz?: number
  seed?: number
  flaws: Flaw[]
  policy?: 'wait' | 'reject-409'
  target?: string
}

function parseInteger(flag: string, value: string | undefined, min: number): number {
  if (value === undefined || !/^\d+$/.test(value)) throw new UsageError(`${flag} needs a whole number, got ${value === undefined ? 'nothing' : `"${value}"`}`)
  const n = Number(value)
  if (!Number.isSafeInteger(n) || n < min) throw new UsageError(`${flag} must be at least ${min}, got ${value}`)
  return n
}

export function parseArgs(argv: string[]): Args {
  const args: Args = { list: false, json: false, flaws: [] }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    switch (arg) {
      case '--list':
        args.list = true
        break
      case '--json':
        args.json = true
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
          throw new UsageError(`unknown flaw ${flaw === undefined ? '(missing)' : `"${flaw}"`}; choose from ${FLAWS.join(', ')}`)
        if (!args.flaws.includes(flaw as Flaw)) args.flaws.push(flaw as Flaw)
        break
      }
      case '--policy': {
        const policy = argv[++i]
        if (policy !== 'wait' && policy !== 'reject-409')
          throw new UsageError(`--policy must be wait or reject-409, got ${policy === undefined ? 'nothing' : `"${policy}"`}`)
        args.policy = policy
        break
      }
      case '--help':
      case '-h':
        throw new UsageError('')
      default:
        if (arg.startsWith('-')) throw new UsageError(`unknown option "${arg}"`)
        if (args.target !== undefined) throw new UsageError(`only one scenario per run (got "${args.target}" and "${arg}")`)
        args.target = arg
    }
  }
  const modes = [args.list, args.fuzz !== undefined, args.target !== undefined].filter(Boolean).length
  if (modes === 0) throw new UsageError('name a scenario, or use --list or --fuzz')
  if (modes > 1) throw new UsageError('use one of: a scenario, --list, --fuzz')
  if (args.fuzz !== undefined && args.seed === undefined) throw new UsageError('--fuzz needs --seed <s>')
  if (args.fuzz === undefined && args.seed !== undefined && !args.target?.startsWith('random:'))
    throw new UsageError('--seed goes with --fuzz (or use random:<seed> as the scenario)')
  return args
}

function configOverrides(args: Args): Partial<EngineConfig> {
  const overrides: Partial<EngineConfig> = {}
  if (args.flaws.length > 0) overrides.flaws = args.flaws
  if (args.policy === 'wait') overrides.inFlightPolicy = { kind: 'wait', maxWaitMs: 1000, retryAfterS: 1 }
  if (args.policy === 'reject-409') overrides.inFlightPolicy = { kind: 'reject-409', retryAfterS: 1 }
  return overrides
}

function resolveScenario(target: string): Scenario {
  if (target.startsWith('random:')) return randomScenario(parseInteger('random:<seed>', target.slice('random:'.length), 0))
  if (target.endsWith('.json') || target.includes('/')) {
    if (!fs.existsSync(target)) throw new UsageError(`no scenario file at ${target}`)
    return loadScenarioFile(target)
  }
  const scenario = scenarioById(target)
  if (!scenario)
    throw new UsageError(`unknown scenario "${target}"; known: ${canonicalScenarios().map((s) => s.id).join(', ')}`)
  return scenario
}

async function runOne(args: Args): Promise<number> {
  const scenario = resolveScenario(args.target!)
  const overrides = configOverrides(args)
  const result = await runScenario(scenario, { config: overrides })
  const correct = result.config.flaws.length === 0
  if (args.json) {
    const { trace } = result
    process.stdout.write(
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
    console.log(formatTimeline(result.trace, { violations: result.violations, notes: result.notes, title: scenario.title }))
  }
  return correct && result.violations.length > 0 ? 1 : 0
}

async function fuzz(args: Args): Promise<number> {
  const n = args.fuzz!
  const seed0 = args.seed!
  const overrides = configOverrides(args)
  const flawArgs = args.flaws.map((f) => ` --flaw ${f}`).join('') + (args.policy ? ` --policy ${args.policy}` : '')
  const correct = args.flaws.length === 0
  const broken = new Map<InvariantId, number>()
  let brokenSchedules = 0
  let printed = 0
  const printLimit = correct ? Number.POSITIVE_INFINITY : 20
  const tty = process.stderr.isTTY
  const started = performance.now()
  let lastProgress = started
  const progress = (done: number, final = false) => {
    const seconds = (performance.now() - started) / 1000
    const rate = seconds > 0 ? Math.round(done / seconds) : 0
    const line = `fuzz: ${done}/${n} schedules · ${brokenSchedules} violating · ${rate}/s`
    if (tty) process.stderr.write(`\r${line}${final ? '\n' : ''}`)
    else process.stderr.write(`${line}\n`)
  }
  console.log(`fuzz: ${n} random schedules, seeds ${seed0}…${seed0 + n - 1}, ${describeConfig({ flaws: args.flaws, inFlightPolicy: { kind: args.policy ?? 'per schedule', retryAfterS: 1 }, leaseMs: 0, keyTtlMs: 0 }).split(' · ')[0]}`)
  for (let i = 0; i < n; i++) {
    const seed = seed0 + i
    const result = await runScenario(randomScenario(seed), { config: overrides, seed })
    if (result.violations.length > 0) {
      brokenSchedules++
      for (const id of new Set(result.violations.map((v) => v.id))) broken.set(id, (broken.get(id) ?? 0) + 1)
      for (const v of result.violations) {
        if (printed++ < printLimit) {
          if (tty) process.stderr.write('\r\x1b[K')
          console.log(`seed ${seed}: ${formatViolation(result.trace, v)}  (reproduce: npm run sim -- random:${seed}${flawArgs})`)
        }
      }
    }
    const now = performance.now()
    if (now - lastProgress > (tty ? 200 : 5000)) {
      lastProgress = now
      progress(i + 1)
    }
  }
  progress(n, true)
  const seconds = (performance.now() - started) / 1000
  if (printed > printLimit) console.log(`… and ${printed - printLimit} more violations`)
  if (brokenSchedules === 0) {
    console.log(`no violation in ${n} schedules (${seconds.toFixed(1)} s, ${Math.round(n / seconds)} schedules/s)`)
    return 0
  }
  console.log(`broken schedules: ${brokenSchedules} of ${n} (${seconds.toFixed(1)} s)`)
  for (const [id, count] of [...broken].sort(([a], [b]) => a.localeCompare(b)))
    console.log(`  ${id} ${INVARIANTS[id]}: ${count} schedule${count === 1 ? '' : 's'}`)
  return correct ? 1 : 0
}

async function main(argv: string[]): Promise<number> {
  const args = parseArgs(argv)
  if (args.list) {
    const scenarios = canonicalScenarios()
    const width = Math.max(...scenarios.map((s) => s.id.length))
    for (const s of scenarios) {
      const flaws = s.config.flaws && s.config.flaws.length > 0 ? ` [${s.config.flaws.join(', ')}]` : ''
      console.log(`${s.id.padEnd(width)}  ${s.title}${flaws}`)
    }
    return 0
  }
  if (args.fuzz !== undefined) return fuzz(args)
  return runOne(args)
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    if (error instanceof UsageError) {
      if (error.message) console.error(`sim: ${error.message}`)
      console.error(USAGE)
      process.exitCode = 2
    } else if (error instanceof ScenarioFileError) {
      console.error(`sim: malformed scenario ${error.message}`)
      process.exitCode = 2
    } else {
      console.error(error)
      process.exitCode = 1
    }
  },
)
