// The sandbox's server side: load a scenario from the URL (preset id or shared state),
// run it in the simulator — once per process per scenario (run-cache.ts) — and shape the
// answer the timeline draws. Also Compare and Chaos (random schedules, shrunk on failure).
// Server-only: the engine runs here.
import 'server-only'
import '@/lib/simulator'
import {
  type AnyScenario,
  type AnyViolation,
  allScenarios,
  anyScenarioById,
  canonicalScenarios,
  isLeaseScenario,
  type LeaseConfig,
  type LeaseScenario,
  type ProtocolId,
  protocolOf,
  randomLeaseScenario,
  randomScenario,
  runAnyScenario,
  runLeaseScenario,
  runScenario,
  type Scenario,
  scenarioById,
} from '@/lib/engine'
import { configLabelOf } from './labels'
import { leaseScenarioCandidates } from './lease-builder'
import { cachedRun, runKeyOf } from './run-cache'
import { rememberSandboxPage, sandboxPageKey } from './run-memory'
import { scenarioCandidates, shrink } from './shrink'
import type { ChaosBatch, CompareRuns, SandboxRun } from './types'
import { decodeState, encodeState } from './url-state'

/** The preset shown when the URL names none. */
export const DEFAULT_PRESET = 'lost-response'

export interface PresetSummary {
  id: string
  title: string
  protocol: ProtocolId
}

/** Every protocol's scenario files: the payment presets first, then the lease ones. */
export function canonicalPresets(): PresetSummary[] {
  return allScenarios().map((s) => ({ id: s.id, title: s.title, protocol: protocolOf(s) }))
}

function defaultScenario(): Scenario {
  const scenario = scenarioById(DEFAULT_PRESET) ?? canonicalScenarios()[0]
  if (!scenario) throw new Error('No canonical scenarios in content/scenarios')
  return scenario
}

export interface LoadedScenario {
  scenario: AnyScenario
  /** True when the scenario came from shared state (`s`), not a preset id. */
  fromLink: boolean
  /** A sentence for the learner when the URL could not be used. */
  problem: string | null
}

/** `/sandbox?s=<state>` wins over `/sandbox?scenario=<id>`; bad input falls back with a message. */
export function scenarioFromQuery({ s, scenario }: { s?: string; scenario?: string }): LoadedScenario {
  if (s !== undefined) {
    const decoded = decodeState(s)
    if (decoded.ok) return { scenario: decoded.scenario, fromLink: true, problem: null }
    return { scenario: defaultScenario(), fromLink: false, problem: decoded.message }
  }
  if (scenario !== undefined) {
    const preset = anyScenarioById(scenario)
    if (preset) return { scenario: preset, fromLink: false, problem: null }
    const shown = scenario.length > 64 ? `${scenario.slice(0, 64)}…` : scenario
    return { scenario: defaultScenario(), fromLink: false, problem: `There is no preset named "${shown}".` }
  }
  return { scenario: defaultScenario(), fromLink: false, problem: null }
}

function toView(v: AnyViolation): AnyViolation {
  return { id: v.id, name: v.name, message: v.message, eventIndex: v.eventIndex } as AnyViolation
}

/**
 * A validated scenario's run: the trace, verdicts and the URL state that replays it. From
 * memory when the scenario ran before (the same object for every caller: never mutate it).
 */
export async function runForSandbox<S extends AnyScenario>(scenario: S): Promise<SandboxRun<S>> {
  const run = await cachedRun(scenario, simulate)
  // Its share link (`/sandbox?s=…`) now shows a run in memory: proxy.ts lets it through free.
  rememberSandboxPage(sandboxPageKey({ s: run.share }), runKeyOf(scenario))
  return run
}

/**
 * The /sandbox page's scenario and run for its URL. Remembers the URL's run, so proxy.ts
 * lets the next load of it through without counting it against a limit.
 */
export async function sandboxPageRun(query: { s?: string; scenario?: string }) {
  const loaded = scenarioFromQuery(query)
  const run = await runForSandbox(loaded.scenario)
  rememberSandboxPage(sandboxPageKey(query), runKeyOf(loaded.scenario))
  return { loaded, run }
}

async function simulate<S extends AnyScenario>(scenario: S): Promise<SandboxRun<S>> {
  const result = await runAnyScenario(scenario)
  return {
    scenario: result.scenario as S,
    trace: result.trace,
    violations: result.violations.map(toView),
    notes: result.notes.map((n) => ({ message: n.message, eventIndex: n.eventIndex })),
    share: encodeState(result.scenario),
  }
}

function charges(n: number): string {
  return `${n} charge${n === 1 ? '' : 's'}`
}

function acceptedWrites(run: SandboxRun<AnyScenario>): number {
  return run.trace.events.filter((e) => e.kind === 'write-accepted').length
}

/** Both scenarios of one protocol (the compare route refuses a mixed pair). */
export async function compareForSandbox<S extends AnyScenario>(a: S, b: S): Promise<CompareRuns<S>> {
  const [left, right] = [await runForSandbox(a), await runForSandbox(b)]
  const [l, r] = isLeaseScenario(a)
    ? [acceptedWrites(left), acceptedWrites(right)]
    : [left.trace.charges, right.trace.charges]
  const unit = (n: number) => (isLeaseScenario(a) ? `${n} write${n === 1 ? '' : 's'} accepted` : charges(n))
  const summary =
    l === r
      ? `${unit(l)} on both`
      : isLeaseScenario(a)
        ? `${unit(l)} vs ${r}`
        : `${l} charge${l === 1 ? '' : 's'} vs ${r}`
  return {
    runs: [
      { ...left, label: `As built (${configLabelOf(a)})` },
      { ...right, label: `Flipped (${configLabelOf(b)})` },
    ],
    summary,
  }
}

/** Per-schedule seed of chaos run `index` from `seed`: reproducible from the two shown numbers. */
export function chaosSeed(seed: number, index: number): number {
  return (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) + index) >>> 0
}

/**
 * Runs schedules `from … from+count-1` of the chaos stream for `seed` on `config`. Stops
 * at the first that breaks an invariant and shrinks it to a minimal failing schedule.
 */
export async function chaosBatch({
  seed,
  from,
  count,
  config,
}: {
  seed: number
  from: number
  count: number
  config: Scenario['config']
}): Promise<ChaosBatch<Scenario>> {
  for (let i = 0; i < count; i++) {
    const scheduleSeed = chaosSeed(seed, from + i)
    const random = randomScenario(scheduleSeed)
    // The builder's switches (flaws, in-flight policy) on the generator's timings (lease, TTL).
    const generated: Scenario = {
      ...random,
      config: {
        ...random.config,
        flaws: config.flaws ?? [],
        ...(config.inFlightPolicy ? { inFlightPolicy: config.inFlightPolicy } : {}),
      },
    }
    const result = await runScenario(generated)
    if (result.violations.length === 0) continue

    const broken = new Set(result.violations.map((v) => v.id))
    const shrunk = await shrink(
      result.scenario,
      scenarioCandidates,
      async (candidate) => (await runScenario(candidate)).violations.some((v) => broken.has(v.id)),
      { maxTries: 200 },
    )
    const minimal = await runForSandbox({
      ...shrunk.value,
      id: 'chaos-challenge',
      title: `Chaos challenge (seed ${scheduleSeed})`,
    })
    return {
      ran: i + 1,
      failure: {
        seed: scheduleSeed,
        violations: result.violations.map(toView),
        original: {
          requests: result.scenario.requests.length,
          faults: result.scenario.faults.length,
          sweeps: result.scenario.sweeps.length,
        },
        shrunk: minimal,
        shrinkTries: shrunk.tries,
      },
    }
  }
  return { ran: count, failure: null }
}

/**
 * Chaos for the lease protocol: random lease schedules (lib/engine/lease/random.ts) on the
 * builder's flaw switches; the first failure is shrunk like a payment one.
 */
export async function leaseChaosBatch({
  seed,
  from,
  count,
  config,
}: {
  seed: number
  from: number
  count: number
  config: Partial<LeaseConfig>
}): Promise<ChaosBatch<LeaseScenario>> {
  for (let i = 0; i < count; i++) {
    const scheduleSeed = chaosSeed(seed, from + i)
    const random = randomLeaseScenario(scheduleSeed)
    const generated: LeaseScenario = { ...random, config: { ...random.config, flaws: config.flaws ?? [] } }
    const result = runLeaseScenario(generated)
    if (result.violations.length === 0) continue
    const broken = new Set(result.violations.map((v) => v.id))
    const shrunk = await shrink(
      result.scenario,
      leaseScenarioCandidates,
      (candidate) => runLeaseScenario(candidate).violations.some((v) => broken.has(v.id)),
      { maxTries: 200 },
    )
    const minimal = await runForSandbox({
      ...shrunk.value,
      id: 'chaos-challenge',
      title: `Chaos challenge (seed ${scheduleSeed})`,
    })
    return {
      ran: i + 1,
      failure: {
        seed: scheduleSeed,
        violations: result.violations.map(toView),
        original: {
          requests: result.scenario.clients.length,
          faults: result.scenario.faults.length,
          sweeps: 0,
        },
        shrunk: minimal,
        shrinkTries: shrunk.tries,
      },
    }
  }
  return { ran: count, failure: null }
}
