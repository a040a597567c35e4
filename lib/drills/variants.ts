// The engine variants a drill's wrong options come from: each flaw switched on (or off,
// when the scenario ships with it), the other in-flight policy, a key TTL so short the
// retry finds the key expired, and a provider so slow the first request is still in
// flight. Every option a learner sees is something one of these runs really did.
import {
  type EngineConfig,
  type EngineUsage,
  FLAW_STEPS,
  FLAWS,
  type Flaw,
  flawEntry,
  markParsed,
  type RunOptions,
  type Scenario,
} from '@/lib/engine'

export interface Variant {
  /** 'flaw:no-lease', 'policy', 'expired', 'slow-provider'. */
  id: string
  /** Completes "That is what happens …": "with Select then insert on". */
  label: string
  /** The flaw switched on by this variant, for spot-the-bug. */
  flawOn?: Flaw
  scenario: Scenario
  options: RunOptions
  /**
   * The steps and config fields this variant changes, when that is all it changes: if the
   * scenario's own run used none of them, the variant's run is the same run. Absent: it
   * changes the scenario itself (timing), so it always runs.
   */
  changes?: { steps: readonly StepName[]; config: readonly (keyof EngineConfig)[] }
}

/** A replaceable protocol step's name, as a run's usage reports it. */
type StepName = EngineUsage['steps'] extends Set<infer Name> ? Name : never

/** True when the scenario's own run never touched what the variant changes: running it would repeat that run. */
export function sameAsBase(variant: Variant, baseUsage: EngineUsage | undefined): boolean {
  const { changes } = variant
  if (!changes || !baseUsage) return false
  return (
    !changes.steps.some((step) => baseUsage.steps.has(step)) &&
    !changes.config.some((field) => baseUsage.config.has(field))
  )
}

/** Room the last request needs to find the first still at the provider. */
function slowProviderMs(scenario: Scenario): number {
  const last = Math.max(...scenario.requests.map((r) => r.atMs))
  return Math.min(60_000, last + 1000)
}

/** Runs only the wrong options come from: their events are read, their rows and verdicts are not. */
const EVENTS_ONLY = { check: false, snapshots: false } as const

export function variantsOf(scenario: Scenario): Variant[] {
  const flaws = scenario.config.flaws ?? []
  const variants: Variant[] = FLAWS.map((flaw) => {
    const on = !flaws.includes(flaw)
    return {
      id: `flaw:${flaw}`,
      label: `with "${flawEntry(flaw).label}" ${on ? 'on' : 'off'}`,
      ...(on ? { flawOn: flaw } : {}),
      scenario,
      options: { config: { flaws: on ? [...flaws, flaw] : flaws.filter((f) => f !== flaw) } },
      changes: { steps: Object.keys(FLAW_STEPS[flaw]) as StepName[], config: [] },
    }
  })
  const policy = scenario.config.inFlightPolicy?.kind ?? 'reject-409'
  variants.push({
    id: 'policy',
    label:
      policy === 'wait'
        ? 'when a duplicate in flight is answered 409 instead of waiting'
        : 'when a duplicate in flight waits for the first result instead of a 409',
    scenario,
    options: {
      config: {
        inFlightPolicy:
          policy === 'wait'
            ? { kind: 'reject-409', retryAfterS: 1 }
            : { kind: 'wait', maxWaitMs: 1000, retryAfterS: 1 },
      },
      ...EVENTS_ONLY,
    },
    changes: { steps: [], config: ['inFlightPolicy'] },
  })
  variants.push({
    id: 'expired',
    label: 'when the key has already expired (a TTL far too short)',
    scenario,
    options: { config: { keyTtlMs: 1 }, ...EVENTS_ONLY },
    changes: { steps: [], config: ['keyTtlMs'] },
  })
  variants.push({
    id: 'slow-provider',
    label: 'when the first request is still waiting on the provider',
    // Only providerMs changes, to a value within its limit (0–60 s): the copy is as valid as the
    // parsed scenario, so the run need not parse it again (a third of this variant's run time).
    scenario: markParsed({
      ...scenario,
      timing: { ...scenario.timing, providerMs: slowProviderMs(scenario) },
    }),
    options: EVENTS_ONLY,
  })
  return variants
}
