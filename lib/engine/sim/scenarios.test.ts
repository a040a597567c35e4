// The canonical scenarios reproduce the card's numbers, every flaw is caught by the
// checker, and the same scenario + config + seed gives a byte-identical trace.
import { describe, expect, it } from 'vitest'
import type { Flaw } from '../types'
import { formatTimeline } from './format'
import { runScenario } from './runner'
import { parseScenario } from './scenario'
import { CANONICAL_SCENARIO_IDS, canonicalScenarios, scenarioById } from './scenarios'

const scenario = (id: string) => {
  const s = scenarioById(id)
  if (!s) throw new Error(`missing scenario ${id}`)
  return s
}
const ids = (violations: { id: string }[]) => [...new Set(violations.map((v) => v.id))].sort()

describe('the canonical scenarios', () => {
  it('are all present, in content/scenarios, in the canonical order', () => {
    expect(canonicalScenarios().map((s) => s.id)).toEqual([...CANONICAL_SCENARIO_IDS])
  })

  it.each(CANONICAL_SCENARIO_IDS)('%s gives the charges and verdict it promises', async (id) => {
    const s = scenario(id)
    const result = await runScenario(s)
    expect(result.charges).toBe(s.expect?.charges)
    for (const expected of s.expect?.violations ?? []) expect(ids(result.violations)).toContain(expected)
    if ((s.expect?.violations ?? []).length === 0) expect(result.violations).toEqual([])
  })

  it.each(CANONICAL_SCENARIO_IDS)('%s gives a byte-identical trace when run twice', async (id) => {
    const a = await runScenario(scenario(id))
    const b = await runScenario(scenario(id))
    expect(JSON.stringify(b.trace)).toBe(JSON.stringify(a.trace))
  })

  it.each(CANONICAL_SCENARIO_IDS)('%s reads the same as its stored timeline', async (id) => {
    const result = await runScenario(scenario(id))
    expect(formatTimeline(result.trace, result)).toMatchSnapshot()
  })
})

describe('lost-response: the seed’s numbers', () => {
  it('claims at 20 ms, writes payment 88 and completes at 450 ms, times out at 2000 and replays the 201 at 2100', async () => {
    const { trace, responses, charges, violations } = await runScenario(scenario('lost-response'))
    const commits = trace.events.filter((e) => e.kind === 'commit')
    const claim = commits[0]!
    expect(claim.tMs).toBe(20)
    expect(claim.rows?.idempotencyKeys).toEqual([
      expect.objectContaining({
        accountId: 17,
        status: 'in_progress',
        bodyHashLabel: 'h1',
        responseStatus: null,
        responseBody: null,
      }),
    ])
    const completion = commits[1]!
    expect(completion.tMs).toBe(450)
    expect(completion.rows?.payments).toEqual([
      expect.objectContaining({ id: 88, state: 'succeeded', amountMinor: 2500 }),
    ])
    expect(completion.rows?.idempotencyKeys?.[0]).toMatchObject({ status: 'completed', responseStatus: 201 })
    expect(trace.events.find((e) => e.kind === 'response-lost')?.tMs).toBe(450)
    expect(trace.events.find((e) => e.kind === 'client-timeout')?.tMs).toBe(2000)
    expect(responses).toEqual([
      expect.objectContaining({
        tMs: 2100,
        requestId: 'A-retry',
        status: 201,
        replayed: true,
        body: expect.objectContaining({ id: 88, state: 'succeeded', createdAt: '2026-01-05T10:00:00.450Z' }),
      }),
    ])
    expect(trace.clockStart).toBe('10:00:00.000')
    expect(charges).toBe(1)
    expect(violations).toEqual([])
  })

  it('the retry never reaches the provider', async () => {
    const { trace } = await runScenario(scenario('lost-response'))
    expect(trace.events.filter((e) => e.kind === 'provider-call').map((e) => e.requestId)).toEqual(['A'])
  })
})

describe('the other scenarios, by their story', () => {
  it('store-after-charge: accepted at 400, dead at 420 with no row, the retry at 2000 charges again', async () => {
    const { trace, violations } = await runScenario(scenario('store-after-charge'))
    expect(trace.events.find((e) => e.kind === 'provider-accepted')?.tMs).toBe(400)
    const crash = trace.events.find((e) => e.kind === 'crash')!
    expect(crash.tMs).toBe(420)
    expect(trace.events.slice(0, crash.i).some((e) => e.rows?.idempotencyKeys)).toBe(false)
    expect(violations.find((v) => v.id === 'I1')).toMatchObject({ name: 'single effect' })
  })

  it('store-after-charge with the insert first: one charge, no violation', async () => {
    const result = await runScenario(scenario('store-after-charge'), { config: { flaws: [] } })
    expect(result.charges).toBe(1)
    expect(result.violations).toEqual([])
  })

  it('in-flight-409: B gets 409 with Retry-After at 80 ms, then replays A’s 201', async () => {
    const { responses } = await runScenario(scenario('in-flight-409'))
    const b = responses.find((r) => r.requestId === 'B')!
    expect(b).toMatchObject({ tMs: 80, status: 409 })
    const a = responses.find((r) => r.requestId === 'A')!
    expect(a).toMatchObject({ tMs: 450, status: 201, replayed: false })
    expect(responses.find((r) => r.requestId === 'B-retry')).toMatchObject({
      status: 201,
      replayed: true,
      body: a.body,
    })
  })

  it('in-flight-wait: B returns A’s 201 at 450 ms', async () => {
    const { responses } = await runScenario(scenario('in-flight-wait'))
    expect(responses.find((r) => r.requestId === 'B')).toMatchObject({
      tMs: 450,
      status: 201,
      replayed: true,
    })
  })

  it('crash-in-progress: the resumed retry reuses the provider key and gets 201', async () => {
    const { trace, responses } = await runScenario(scenario('crash-in-progress'))
    const calls = trace.events.filter((e) => e.kind === 'provider-call')
    expect(new Set(calls.map((e) => e.providerKey)).size).toBe(1)
    expect(trace.events.some((e) => e.kind === 'provider-deduped')).toBe(true)
    expect(responses.at(-1)).toMatchObject({ requestId: 'A-retry-2', status: 201 })
  })

  it('provider-timeout: 202 pending, a 202 in between, settled by lookup, then 201', async () => {
    const { responses, trace } = await runScenario(scenario('provider-timeout'))
    expect(responses.map((r) => [r.requestId, r.status])).toEqual([
      ['A', 202],
      ['A-retry', 202],
      ['A-retry-2', 201],
    ])
    expect(trace.events.some((e) => e.kind === 'provider-lookup')).toBe(true)
  })

  it('expiry: replays at 23 h, and after the purge names the new intent instead of reporting I1', async () => {
    const { responses, notes, violations, charges } = await runScenario(scenario('expiry'))
    expect(responses.find((r) => r.requestId === 'A-retry')).toMatchObject({ status: 201, replayed: true })
    expect(responses.find((r) => r.requestId === 'A-later')).toMatchObject({ status: 201, replayed: false })
    expect(charges).toBe(2)
    expect(violations).toEqual([])
    expect(notes.some((n) => /new intent/.test(n.message))).toBe(true)
  })

  it('account-scope: 18 is a first attempt and never sees 17’s payment', async () => {
    const { responses } = await runScenario(scenario('account-scope'))
    const [a, b] = responses
    expect(b).toMatchObject({ accountId: 18, status: 201, replayed: false })
    expect((b!.body as { id: number }).id).not.toBe((a!.body as { id: number }).id)
  })

  it('body-mismatch: 422, no charge, the completed row unchanged', async () => {
    const { responses, trace, charges } = await runScenario(scenario('body-mismatch'))
    expect(responses.find((r) => r.requestId === 'A-changed')?.status).toBe(422)
    expect(charges).toBe(1)
    const rowsAfter = trace.events.filter((e) => e.rows?.idempotencyKeys).at(-1)!.rows!.idempotencyKeys!
    expect(rowsAfter).toEqual([
      expect.objectContaining({ status: 'completed', bodyHashLabel: 'h1', responseStatus: 201 }),
    ])
  })
})

describe('crash-many-in-flight: recovery takes the stuck keys over together', () => {
  it('takes over all 20 keys at one instant, completes them one provider latency later, one charge each', async () => {
    const { trace, charges, violations, responses } = await runScenario(scenario('crash-many-in-flight'))
    const takeovers = trace.events.filter((e) => e.kind === 'lease-takeover')
    expect(takeovers).toHaveLength(20)
    expect(new Set(takeovers.map((e) => e.tMs))).toEqual(new Set([3500]))
    const completions = trace.events.filter(
      (e) => e.kind === 'commit' && e.actor === 'sweeper' && e.detail.includes('completed'),
    )
    expect(completions).toHaveLength(20)
    expect(new Set(completions.map((e) => e.tMs))).toEqual(new Set([3900]))
    expect(charges).toBe(20)
    expect(violations).toEqual([])
    expect(responses.map((r) => [r.requestId, r.status, r.replayed])).toEqual([
      ['p01-retry', 409, false],
      ['p20-retry', 201, true],
    ])
  })

  it('with serial-recovery the keys finish one provider latency apart and I5 names the late ones', async () => {
    const { trace, charges, violations } = await runScenario(scenario('crash-many-in-flight'), {
      config: { flaws: ['serial-recovery'] },
    })
    const takeovers = trace.events.filter((e) => e.kind === 'lease-takeover').map((e) => e.tMs)
    expect(takeovers.slice(0, 3)).toEqual([3500, 3900, 4300])
    expect(charges).toBe(20)
    const late = violations.filter((v) => v.id === 'I5')
    expect(late.length).toBeGreaterThanOrEqual(10)
    expect(late[0]!.message).toMatch(/past 3 provider latencies \(1200 ms\)/)
  })
})

describe('every flaw is caught', () => {
  const cases: [Flaw, string, string[]][] = [
    ['charge-before-insert', 'store-after-charge', ['I1']],
    ['select-then-insert', 'select-then-insert-race', ['I1']],
    ['no-body-check', 'body-mismatch', ['I8']],
    ['global-scope', 'account-scope', ['I6']],
    ['no-provider-key', 'provider-timeout', ['I1', 'I7']],
    ['split-commit', 'lost-response', ['I4']],
    ['no-lease', 'crash-in-progress', ['I5']],
    ['serial-recovery', 'crash-many-in-flight', ['I5']],
  ]
  it.each(cases)('%s on %s breaks %j', async (flaw, id, expected) => {
    const correct = await runScenario(scenario(id), { config: { flaws: [] } })
    expect(correct.violations).toEqual([])
    const flawed = await runScenario(scenario(id), { config: { flaws: [flaw] } })
    for (const invariant of expected) expect(ids(flawed.violations)).toContain(invariant)
    for (const v of flawed.violations) {
      expect(v.message.length).toBeGreaterThan(20)
      expect(flawed.trace.events[v.eventIndex]).toBeDefined()
    }
  })

  it('split-commit plus a crash between the two commits leaves a payment its key does not know about', async () => {
    const s = scenario('lost-response')
    const withCrash = {
      ...s,
      faults: [
        {
          kind: 'crash' as const,
          step: 'after-payment-row' as const,
          server: 'server-1' as const,
          afterMs: 0,
          restartAfterMs: 100,
        },
      ],
    }
    const result = await runScenario(parseScenarioOrThrow(withCrash), { config: { flaws: ['split-commit'] } })
    expect(ids(result.violations)).toEqual(expect.arrayContaining(['I3', 'I4']))
  })
})

describe('scenario validation', () => {
  it('names the problem for malformed input', () => {
    const parsed = parseScenario({ id: 'Bad Id', title: '', requests: [{ id: 'A', atMs: -1 }], extra: true })
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.problems.join('\n')).toMatch(/id|atMs|extra/)
  })

  it('rejects a retry of an unknown request and a fault on one', () => {
    const parsed = parseScenario({
      id: 'x',
      title: 'x',
      requests: [{ id: 'A', atMs: 0, retryOf: 'Z' }],
      faults: [{ kind: 'drop-response', requestId: 'Q' }],
    })
    expect(parsed.ok).toBe(false)
    if (!parsed.ok)
      expect(parsed.problems).toEqual(
        expect.arrayContaining([expect.stringMatching(/Z/), expect.stringMatching(/Q/)]),
      )
  })
})

function parseScenarioOrThrow(input: unknown) {
  const parsed = parseScenario(input)
  if (!parsed.ok) throw new Error(parsed.problems.join('; '))
  return parsed.scenario
}
