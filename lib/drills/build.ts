// Builds a scenario's drill: run it as configured and under every variant, then derive
// the questions. Pure apart from the engine runs (no clock, no randomness).
import { type AnyViolation, runScenario, type Scenario, type Trace } from '@/lib/engine'
import { nextStepQuestions, type VariantRun } from './next-step'
import { spotGroup, violationsInOrder } from './spot-bug'
import type { Drill, SpotGroup } from './types'
import { sameAsBase, variantsOf } from './variants'

const signature = (violations: readonly AnyViolation[]) =>
  violations.map((v) => `${v.id}@${v.eventIndex}`).join(',')

export async function buildDrill(scenario: Scenario): Promise<Drill> {
  const base = await runScenario(scenario, { trackUsage: true })
  const runs: (VariantRun & { violations: AnyViolation[] })[] = []
  for (const variant of variantsOf(scenario)) {
    // Its run would repeat the scenario's own: no other outcome, no new violation to spot.
    if (sameAsBase(variant, base.usage)) continue
    const result = await runScenario(variant.scenario, variant.options)
    runs.push({ variant, trace: result.trace, violations: result.violations })
  }

  const traces: Record<string, Trace> = { base: base.trace }
  const brokenAnywhere = new Set([...base.violations, ...runs.flatMap((r) => r.violations)].map((v) => v.id))
  const spotGroups: SpotGroup[] = []
  for (const broken of violationsInOrder(base.violations)) {
    const group = spotGroup(
      base.trace,
      base.violations,
      broken,
      'base',
      { id: 'as-configured', label: 'as configured' },
      brokenAnywhere,
    )
    if (group) spotGroups.push(group)
  }
  // A flaw switched on that breaks something new here: one more spot-the-bug pair.
  for (const run of runs) {
    const flaw = run.variant.flawOn
    if (!flaw || run.violations.length === 0) continue
    if (signature(run.violations) === signature(base.violations)) continue
    const broken = violationsInOrder(run.violations)[0]
    if (!broken) continue
    const key = `flaw:${flaw}`
    const group = spotGroup(
      run.trace,
      run.violations,
      broken,
      key,
      { id: flaw, label: run.variant.label },
      brokenAnywhere,
    )
    if (!group) continue
    traces[key] = run.trace
    spotGroups.push(group)
  }

  const requests = [...scenario.requests].sort((a, b) => {
    const at = (id: string) =>
      base.trace.events.findIndex((e) => e.kind === 'request-sent' && e.requestId === id)
    return at(a.id) - at(b.id)
  })
  return {
    scenarioId: scenario.id,
    title: scenario.title,
    description: scenario.description,
    traces,
    nextSteps: nextStepQuestions(base.trace, runs, requests),
    spotGroups,
  }
}
