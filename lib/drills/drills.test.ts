// Goal: every drill answer is what the engine really does. Each question is checked
// against a fresh, independent run of the engine (and its checker), never against the
// drill's own classification.
import { describe, expect, it } from 'vitest'
import { canonicalScenarios, checkTrace, parseScenario, runScenario, type Trace } from '@/lib/engine'
import { Rating } from '@/lib/srs/rubric'
import { buildDrill } from './build'
import { allDrills, drillCardId } from './catalogue'
import { suggestDrillRating } from './rating'
import { drillRound } from './round'
import type { Drill, NextStepQuestion } from './types'
import { sameAsBase, variantsOf } from './variants'

/** What the request really got, read straight off the trace's events. */
function observed(trace: Trace, requestId: string) {
  const sent = trace.events.find((e) => e.kind === 'request-sent' && e.requestId === requestId)
  if (!sent) throw new Error(`no request ${requestId}`)
  const own = trace.events.filter((e) => e.requestId === requestId && e.i > sent.i)
  const earlierCharges = new Set(
    trace.events.filter((e) => e.i < sent.i && e.kind === 'provider-accepted').map((e) => e.chargeId),
  )
  const response = own.find((e) => e.kind === 'response-sent')
  const charged = own.some((e) => e.kind === 'provider-accepted' && !earlierCharges.has(e.chargeId))
  const deduped = own.some((e) => e.kind === 'provider-deduped')
  return {
    status: response?.status ?? null,
    replayed: response?.replayed === true,
    providerCalled: own.some((e) => e.kind === 'provider-call'),
    charged,
    deduped,
    waited: own.some((e) => e.kind === 'wait'),
  }
}

/** The option's claims, read from its code (`[wait|][takeover|]effect|status[r][|before-row]`). */
function claims(code: string) {
  const parts = code.split('|')
  const statusPart = parts.find((p) => /^\d{3}r?$/.test(p))
  return {
    status: statusPart === undefined ? null : Number.parseInt(statusPart, 10),
    replayed: statusPart?.endsWith('r') === true,
    charged: parts.includes('charge'),
    deduped: parts.includes('dedupe'),
    waited: parts[0] === 'wait',
  }
}

let drills: Drill[] = []
const runs = new Map<string, Awaited<ReturnType<typeof runScenario>>>()

async function freshRun(drill: Drill, traceKey: string) {
  const key = `${drill.scenarioId}/${traceKey}`
  const cached = runs.get(key)
  if (cached) return cached
  const scenario = canonicalScenarios().find((s) => s.id === drill.scenarioId)
  if (!scenario) throw new Error(drill.scenarioId)
  const flaw = traceKey.startsWith('flaw:') ? traceKey.slice(5) : null
  const flaws = scenario.config.flaws ?? []
  const result = await runScenario(
    scenario,
    flaw ? { config: { flaws: [...flaws, flaw] as typeof scenario.config.flaws & {} } } : {},
  )
  runs.set(key, result)
  return result
}

describe('timeline drills', () => {
  it('builds a drill with questions for the canonical scenarios', async () => {
    // The lease scenarios' drills have their own test (lease-drills.test.ts).
    drills = (await allDrills()).filter((d) => d.protocol !== 'lease')
    expect(drills.map((d) => d.scenarioId)).toEqual(
      expect.arrayContaining(['lost-response', 'store-after-charge']),
    )
    expect(drills.length).toBeGreaterThanOrEqual(8)
  })

  it('marks as correct what the engine does at every "what happens next?" step, and no wrong option matches it', async () => {
    for (const drill of drills) {
      for (const q of drill.nextSteps) {
        const { trace } = await freshRun(drill, q.traceKey)
        const real = observed(trace, q.requestId)
        const right = claims(q.correctId)
        const where = `${drill.scenarioId} ${q.id}`
        expect({ where, ...right }).toEqual({
          where,
          status: real.status,
          replayed: real.replayed,
          charged: real.charged,
          deduped: real.deduped,
          waited: real.waited,
        })
        expect(q.options.filter((o) => o.id === q.correctId)).toHaveLength(1)
        const wrong = q.options.filter((o) => o.id !== q.correctId)
        expect(wrong.length, where).toBeGreaterThanOrEqual(2)
        expect(wrong.length, where).toBeLessThanOrEqual(3)
        for (const option of wrong) {
          const c = claims(option.id)
          const differs =
            c.status !== real.status ||
            c.replayed !== real.replayed ||
            c.charged !== real.charged ||
            c.deduped !== real.deduped ||
            c.waited !== real.waited ||
            option.id.endsWith('before-row')
          expect(differs, `${where}: ${option.text}`).toBe(true)
          expect(option.text).not.toBe(q.options.find((o) => o.id === q.correctId)?.text)
        }
        // The hidden part of the timeline starts right after the request arrives.
        expect(trace.events[q.shownUpTo]?.kind).toBe('request-sent')
        expect(trace.events[q.shownUpTo]?.requestId).toBe(q.requestId)
        expect(q.revealUpTo).toBeGreaterThan(q.shownUpTo)
      }
    }
  })

  it('marks as correct the step and invariant the checker flags at every "spot the bug"', async () => {
    for (const drill of drills) {
      for (const group of drill.spotGroups) {
        const { trace } = await freshRun(drill, group.step.traceKey)
        const violations = checkTrace(trace)
        const flagged = violations.filter((v) => v.id === group.step.invariant)
        expect(flagged.map((v) => String(v.eventIndex))).toContain(group.step.correctId)
        const broken = new Set(violations.map((v) => String(v.eventIndex)))
        for (const o of group.step.options.filter((x) => x.id !== group.step.correctId))
          expect(broken.has(o.id), `${drill.scenarioId}: ${o.text}`).toBe(false)

        const atStep = violations
          .filter((v) => String(v.eventIndex) === group.step.correctId)
          .map((v) => v.id)
        expect(atStep).toContain(group.invariant.correctId)
        const brokenIds = new Set(violations.map((v) => v.id))
        for (const o of group.invariant.options.filter((x) => x.id !== group.invariant.correctId))
          expect(brokenIds.has(o.id as never), `${drill.scenarioId}: ${o.text}`).toBe(false)
        expect(group.invariant.options.length).toBeGreaterThanOrEqual(3)
      }
    }
  })

  it('asks what the lost-response retry at 10:00:02.100 gets: the stored 201 for payment 88, replayed', async () => {
    const drill = drills.find((d) => d.scenarioId === 'lost-response')
    if (!drill) throw new Error('no lost-response drill')
    const first = drillRound(drill, drillCardId('lost-response'), 0).questions[0] as NextStepQuestion
    expect(first.prompt).toBe('What does the retry at 10:00:02.100 get?')
    const right = first.options.find((o) => o.id === first.correctId)?.text
    expect(right).toBe('The stored 201 for payment 88 is replayed; the provider is not called.')
    const wrong = first.options.filter((o) => o.id !== first.correctId).map((o) => o.text)
    expect(wrong.some((t) => t.includes('the provider charges again'))).toBe(true)
    expect(wrong.some((t) => t.startsWith('409'))).toBe(true)
  })

  it('asks to spot the second charge in store-after-charge', async () => {
    const drill = drills.find((d) => d.scenarioId === 'store-after-charge')
    if (!drill) throw new Error('no store-after-charge drill')
    const round = drillRound(drill, drillCardId('store-after-charge'), 0)
    const step = round.questions.find((q) => q.kind === 'spot-step')
    if (!step) throw new Error('no spot-the-bug step')
    const event = drill.traces.base?.events[Number(step.correctId)]
    expect(event?.kind).toBe('provider-accepted')
    expect(event?.chargeId).toBe('ch_0002')
    const invariant = round.questions.find((q) => q.kind === 'spot-invariant')
    expect(invariant?.correctId).toBe('I1')
    expect(invariant?.options.find((o) => o.id === 'I1')?.text).toBe('I1 — one charge per intent')
  })

  it('shuffles options by (card, review count) and asks other steps or variants in later reviews', () => {
    for (const drill of drills) {
      const card = drillCardId(drill.scenarioId)
      const order = (round: number) =>
        drillRound(drill, card, round).questions.map((q) => `${q.id}:${q.options.map((o) => o.id).join(',')}`)
      expect(order(3)).toEqual(order(3))
      const orders = new Set([0, 1, 2, 3, 4, 5].map((r) => order(r).join(' ')))
      expect(orders.size, drill.scenarioId).toBeGreaterThan(1)
      // Every question comes up within as many reviews as the drill has questions (a scenario
      // with 20 requests in flight has more questions than one review asks).
      const reviews = Math.max(8, drill.nextSteps.length + drill.spotGroups.length)
      const asked = new Set(
        Array.from({ length: reviews }, (_, r) => r).flatMap((r) =>
          drillRound(drill, card, r).questions.map((q) => q.id),
        ),
      )
      for (const q of drill.nextSteps) expect(asked).toContain(q.id)
      for (const g of drill.spotGroups) expect(asked).toContain(g.step.id)
    }
  })

  it('every variant scenario is one the parser accepts unchanged (the slow provider skips the re-parse)', () => {
    for (const scenario of canonicalScenarios()) {
      for (const variant of variantsOf(scenario)) {
        const parsed = parseScenario(JSON.parse(JSON.stringify(variant.scenario)))
        expect(parsed.ok, `${scenario.id} ${variant.id}`).toBe(true)
        if (parsed.ok) expect(parsed.scenario, `${scenario.id} ${variant.id}`).toEqual(variant.scenario)
      }
    }
  })

  it('asks about requests the engine treats alike once: 20 payments through one crash give one question, not 19 copies', () => {
    const drill = drills.find((d) => d.scenarioId === 'crash-many-in-flight')
    if (!drill) throw new Error('no crash-many-in-flight drill')
    const asked = drill.nextSteps.map((q) => q.options.map((o) => o.id).join('|'))
    expect(new Set(asked).size).toBe(asked.length)
    expect(drill.nextSteps.map((q) => q.requestId)).toEqual(['p01', 'p01-retry', 'p20-retry'])
    // Each of them still differs: later reviews move on to another.
    for (const d of drills) {
      const keys = d.nextSteps.map(
        (q) => `${q.prompt.startsWith('What does the retry')}:${q.options.map((o) => o.id)}`,
      )
      expect(new Set(keys).size, d.scenarioId).toBe(keys.length)
    }
  })

  it('skips only variants whose run would repeat the scenario: same events, same verdicts', async () => {
    let skipped = 0
    for (const scenario of canonicalScenarios()) {
      const base = await runScenario(scenario, { trackUsage: true })
      expect(base.usage?.steps.has('startPayment'), scenario.id).toBe(true)
      for (const variant of variantsOf(scenario)) {
        if (!sameAsBase(variant, base.usage)) continue
        skipped++
        const run = await runScenario(variant.scenario, { ...variant.options, check: true, snapshots: true })
        const label = `${scenario.id} ${variant.id}`
        expect(JSON.stringify(run.trace.events), label).toBe(JSON.stringify(base.trace.events))
        expect(
          run.violations.map((v) => `${v.id}@${v.eventIndex}`),
          label,
        ).toEqual(base.violations.map((v) => `${v.id}@${v.eventIndex}`))
      }
    }
    // Serial recovery never runs without a crash, a policy is never read without a duplicate in flight.
    expect(skipped).toBeGreaterThan(10)
  })

  it('a variant whose change the scenario reaches is run, never skipped', async () => {
    const scenario = canonicalScenarios().find((s) => s.id === 'in-flight-409')
    if (!scenario) throw new Error('in-flight-409')
    const base = await runScenario(scenario, { trackUsage: true })
    const policy = variantsOf(scenario).find((v) => v.id === 'policy')
    // The duplicate in flight reads the policy: the wait variant answers it differently.
    expect(base.usage?.config.has('inFlightPolicy')).toBe(true)
    expect(policy && sameAsBase(policy, base.usage)).toBe(false)
  })

  it('builds the same drill twice (deterministic engine, no randomness)', async () => {
    const scenario = canonicalScenarios().find((s) => s.id === 'in-flight-409')
    if (!scenario) throw new Error('in-flight-409')
    expect(JSON.stringify(await buildDrill(scenario))).toBe(JSON.stringify(await buildDrill(scenario)))
  })
})

describe('suggestDrillRating', () => {
  it('all right → Good, one wrong → Hard, two or more → Again', () => {
    expect(suggestDrillRating(3, 3)).toBe(Rating.Good)
    expect(suggestDrillRating(3, 2)).toBe(Rating.Hard)
    expect(suggestDrillRating(3, 1)).toBe(Rating.Again)
    expect(suggestDrillRating(2, 0)).toBe(Rating.Again)
  })
})
