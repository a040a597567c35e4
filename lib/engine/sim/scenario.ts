// A scenario is data: scripted clients, faults and sweeps on a virtual clock. The
// sandbox builder edits these and puts them in the URL, so the schema is strict
// and bounded (requests, times, faults).
import { z } from 'zod'
import { DAY_MS, HOUR_MS } from '../constants'
import { FAULT_POINTS } from '../faults'
import { FLAWS, SWEEP_KINDS } from '../types'

export const DEFAULT_KEY = '7c1a0e44-2b19-4f6a-9d30-1a8e5b6c7d90'
export const DEFAULT_BODY = Object.freeze({
  orderId: '42',
  amount: 2500,
  currency: 'USD',
  paymentMethodToken: 'token-9',
})
/** The scenario clock starts at 10:00:00.000 (the date is arbitrary but fixed). */
export const DEFAULT_START_AT = '2026-01-05T10:00:00.000Z'

export const LIMITS = Object.freeze({
  requests: 24,
  faults: 24,
  sweeps: 24,
  /** Virtual duration: a little over 3 days, so expiry past 24 h fits. */
  maxTimeMs: 3 * DAY_MS + HOUR_MS,
  events: 5_000,
})

const timeMs = z.number().int().min(0).max(LIMITS.maxTimeMs)
const name = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/, 'use letters, digits, - or _ (at most 32)')
const serverName = z.enum(['server-1', 'server-2'])

export const providerBehaviourSchema = z.enum([
  'ok',
  'decline',
  'slow',
  'timeout-after-accept',
  'unavailable',
])

export const scenarioRequestSchema = z.strictObject({
  /** Names the request in the trace: 'A', 'A-retry', 'B'. */
  id: name,
  /** The client lane; defaults to the request it retries, else its own id. */
  client: name.optional(),
  /** Marks this request as a retry of an earlier one (same client lane). */
  retryOf: name.optional(),
  atMs: timeMs,
  accountId: z.number().int().min(1).max(1_000_000).default(17),
  key: z.string().min(1).max(255).default(DEFAULT_KEY),
  /** Sent as is (the engine validates it); defaults to the card's body. */
  body: z.unknown().default(() => ({ ...DEFAULT_BODY })),
  /** The client gives up (and may retry) after this long without a response. */
  timeoutMs: z.number().int().min(1).max(LIMITS.maxTimeMs).default(2000),
  server: serverName.default('server-1'),
  /** Like HTTP `Prefer: wait=N`: hold this duplicate up to waitMs. */
  waitMs: z.number().int().min(0).max(10_000).optional(),
  /** 'payment' (default) or a refund of the payment this request names. */
  operation: z.enum(['payment', 'refund']).default('payment'),
  /** Refunds: the payment id to refund. */
  paymentId: z.number().int().min(1).optional(),
})
export type ScenarioRequest = z.infer<typeof scenarioRequestSchema>

export const scenarioFaultSchema = z.discriminatedUnion('kind', [
  /** The network drops this request's response: the client never sees it. */
  z.strictObject({ kind: z.literal('drop-response'), requestId: name }),
  /**
   * The server dies `afterMs` after a request reaches `step` (only `requestId`'s,
   * when given). Everything in flight on it is lost; it restarts after `restartAfterMs`.
   */
  z.strictObject({
    kind: z.literal('crash'),
    step: z.enum(FAULT_POINTS),
    requestId: name.optional(),
    server: serverName.default('server-1'),
    afterMs: z.number().int().min(0).max(60_000).default(0),
    restartAfterMs: z.number().int().min(0).max(LIMITS.maxTimeMs).default(1000),
  }),
  /** How the provider treats this request's charge (default ok). */
  z.strictObject({
    kind: z.literal('provider'),
    requestId: name,
    behaviour: providerBehaviourSchema,
    /** The provider sends a webhook this long after it settles the charge. */
    webhookAfterMs: z.number().int().min(0).max(LIMITS.maxTimeMs).optional(),
  }),
  /** The clock jumps forward: every timer due in the gap fires at once. */
  z.strictObject({
    kind: z.literal('clock-jump'),
    atMs: timeMs,
    byMs: z.number().int().min(1).max(LIMITS.maxTimeMs),
  }),
])
export type ScenarioFault = z.infer<typeof scenarioFaultSchema>

export const scenarioSweepSchema = z.strictObject({
  atMs: timeMs,
  sweep: z.enum(SWEEP_KINDS),
})
export type ScenarioSweep = z.infer<typeof scenarioSweepSchema>

export const scenarioConfigSchema = z.strictObject({
  flaws: z.array(z.enum(FLAWS)).max(FLAWS.length).optional(),
  inFlightPolicy: z
    .discriminatedUnion('kind', [
      z.strictObject({
        kind: z.literal('reject-409'),
        retryAfterS: z.number().int().min(0).max(3600).default(1),
      }),
      z.strictObject({
        kind: z.literal('wait'),
        maxWaitMs: z.number().int().min(0).max(10_000).default(1000),
        retryAfterS: z.number().int().min(0).max(3600).default(1),
      }),
    ])
    .optional(),
  leaseMs: z.number().int().min(1).max(LIMITS.maxTimeMs).optional(),
  keyTtlMs: z.number().int().min(1).max(LIMITS.maxTimeMs).optional(),
})

export const scenarioTimingSchema = z.strictObject({
  /** Database latency before the claim insert commits (the card: 20 ms). */
  claimMs: z.number().int().min(0).max(60_000).default(0),
  /** How long the provider takes to accept or decline. */
  providerMs: z.number().int().min(0).max(60_000).default(0),
  /** Behaviour 'slow' takes this long instead. */
  slowProviderMs: z.number().int().min(0).max(60_000).default(2000),
  /** Behaviour 'timeout-after-accept': our call gives up after this long. */
  providerTimeoutMs: z.number().int().min(0).max(60_000).default(1000),
  /** One-way client⇄server latency. */
  networkMs: z.number().int().min(0).max(60_000).default(0),
})

export const scenarioSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lower-case words joined by hyphens')
    .max(64),
  title: z.string().min(1).max(120),
  description: z.string().max(2000).default(''),
  /** Seed for anything random in the run (kept in the trace). */
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .default(1),
  startAt: z.iso.datetime().default(DEFAULT_START_AT),
  /** The fresh database's first payment id (the card: 88). */
  firstPaymentId: z.number().int().min(1).max(1_000_000_000).default(1),
  config: scenarioConfigSchema.default({}),
  timing: scenarioTimingSchema.default(() => scenarioTimingSchema.parse({})),
  requests: z.array(scenarioRequestSchema).min(1).max(LIMITS.requests),
  faults: z.array(scenarioFaultSchema).max(LIMITS.faults).default([]),
  sweeps: z.array(scenarioSweepSchema).max(LIMITS.sweeps).default([]),
  /** What the scenario is expected to show (checked by the tests, shown by the sandbox). */
  expect: z
    .strictObject({
      charges: z.number().int().min(0).optional(),
      violations: z.array(z.string().regex(/^I[1-8]$/)).optional(),
    })
    .optional(),
})
/** A scenario as written (defaults optional). */
export type ScenarioInput = z.input<typeof scenarioSchema>
/** A parsed scenario (defaults filled). */
export type Scenario = z.infer<typeof scenarioSchema>

export type ScenarioParse = { ok: true; scenario: Scenario } | { ok: false; problems: string[] }

/** Scenarios this module parsed (and checked) itself: running them again skips the parse. */
const parsedScenarios = new WeakSet<object>()

/** For a scenario built already parsed (the random schedules): running it skips the parse. */
export function markParsed(scenario: Scenario): Scenario {
  parsedScenarios.add(scenario)
  return scenario
}

/** Parses a scenario (throws on invalid input), skipping the work for one parsed here before. */
export function ensureScenario(input: Scenario | ScenarioInput): Scenario {
  if (parsedScenarios.has(input)) return input as Scenario
  const parsed = parseScenario(input)
  if (!parsed.ok) throw new Error(`Invalid scenario: ${parsed.problems.join('; ')}`)
  return parsed.scenario
}

/** Parses untrusted scenario JSON (a file, a URL): every problem named by its path. */
export function parseScenario(input: unknown): ScenarioParse {
  const parsed = scenarioSchema.safeParse(input)
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map(
        (i) => `${i.path.length > 0 ? i.path.join('.') : '(scenario)'}: ${i.message}`,
      ),
    }
  }
  const scenario = parsed.data
  const problems: string[] = []
  const ids = new Set<string>()
  for (const r of scenario.requests) {
    if (ids.has(r.id)) problems.push(`requests: the id "${r.id}" is used twice`)
    if (r.retryOf !== undefined && !ids.has(r.retryOf))
      problems.push(`requests.${r.id}.retryOf: "${r.retryOf}" is not an earlier request`)
    if (r.operation === 'refund' && r.paymentId === undefined)
      problems.push(`requests.${r.id}.paymentId: a refund names the payment it refunds`)
    ids.add(r.id)
  }
  for (const f of scenario.faults) {
    const ref = 'requestId' in f ? f.requestId : undefined
    if (ref !== undefined && !ids.has(ref)) problems.push(`faults: no request named "${ref}"`)
  }
  if (problems.length > 0) return { ok: false, problems }
  parsedScenarios.add(scenario)
  return { ok: true, scenario }
}
