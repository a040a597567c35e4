// A lease scenario is data, like a payment scenario: clients that take a named lock and
// write to a storage service, faults on a virtual clock, the flaws switched on. Strict and
// bounded (clients, writes, attempts, faults, virtual time), because the sandbox takes it
// from a URL. `"protocol": "lease"` tells it from a payment scenario (lib/engine/protocols.ts).
import { z } from 'zod'
import { DAY_MS, HOUR_MS } from '../constants'
import { DEFAULT_START_AT } from '../sim/scenario'
import { LEASE_FLAWS, LEASE_MESSAGES } from './catalogue'

export const LEASE_LIMITS = Object.freeze({
  clients: 8,
  faults: 24,
  writes: 20,
  attempts: 100,
  /** Virtual duration: the same bound as the payment simulator's. */
  maxTimeMs: 3 * DAY_MS + HOUR_MS,
  events: 5_000,
})

const timeMs = z.number().int().min(0).max(LEASE_LIMITS.maxTimeMs)
const spanMs = z.number().int().min(1).max(LEASE_LIMITS.maxTimeMs)
const name = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$/, 'use letters, digits, - or _ (at most 32)')

export const leaseClientSchema = z.strictObject({
  /** The client's lane, e.g. 'client-1'. */
  id: name,
  /** When it first asks for the lock. */
  atMs: timeMs,
  /** Writes it makes while it holds the lock. */
  writes: z.number().int().min(0).max(LEASE_LIMITS.writes).default(1),
  /** On its own clock: from the grant (or the last write's answer) to the next write. */
  workMs: z.number().int().min(0).max(LEASE_LIMITS.maxTimeMs).default(100),
  /** On its own clock: how often it renews its lease while it holds it (never when absent). */
  renewEveryMs: spanMs.optional(),
  /** On its own clock: how long it waits after a refused acquire before asking again. */
  retryMs: spanMs.default(1000),
  /** Acquires it makes before giving up. */
  attempts: z.number().int().min(1).max(LEASE_LIMITS.attempts).default(30),
  /** Releases the lock after its last write. */
  release: z.boolean().default(true),
})
export type LeaseClient = z.infer<typeof leaseClientSchema>

export const leaseFaultSchema = z.discriminatedUnion('kind', [
  /** The client stops for `forMs` (a GC pause, a VM migration): nothing it does runs meanwhile. */
  z.strictObject({ kind: z.literal('pause'), client: name, atMs: timeMs, forMs: spanMs }),
  /** The client dies at `atMs`: it never releases, never answers. */
  z.strictObject({ kind: z.literal('crash'), client: name, atMs: timeMs }),
  /** The client's `nth` message of this kind spends `byMs` longer in flight. */
  z.strictObject({
    kind: z.literal('delay'),
    client: name,
    message: z.enum(LEASE_MESSAGES),
    nth: z.number().int().min(1).max(LEASE_LIMITS.attempts).default(1),
    byMs: spanMs,
  }),
  /** The client's clock runs at `ratePercent` of real time (50: slow, 200: fast). */
  z.strictObject({
    kind: z.literal('clock'),
    client: name,
    ratePercent: z.number().int().min(10).max(1000),
  }),
])
export type LeaseFault = z.infer<typeof leaseFaultSchema>

export const leaseConfigSchema = z.strictObject({
  flaws: z.array(z.enum(LEASE_FLAWS)).max(LEASE_FLAWS.length).default([]),
  /** How long a grant (or a renewal) holds, on the lock service's clock. */
  leaseMs: spanMs.default(10_000),
  /** The clock drift the design allows for: the service waits this long past a lease before granting it again. */
  clockBoundMs: z.number().int().min(0).max(LEASE_LIMITS.maxTimeMs).default(1000),
})
export type LeaseConfig = z.infer<typeof leaseConfigSchema>

export const leaseTimingSchema = z.strictObject({
  /** One-way latency between any two parties. */
  networkMs: z.number().int().min(0).max(60_000).default(5),
  /** On the client's clock: from its lease check to its write leaving (where a pause hurts most). */
  prepareMs: z.number().int().min(0).max(60_000).default(10),
})

export const leaseScenarioSchema = z.strictObject({
  protocol: z.literal('lease'),
  id: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lower-case words joined by hyphens')
    .max(64),
  title: z.string().min(1).max(120),
  description: z.string().max(2000).default(''),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 32 - 1)
    .default(1),
  startAt: z.iso.datetime().default(DEFAULT_START_AT),
  /** The lock's name. */
  lock: name.default('report'),
  /** The first grant's fencing token (Kleppmann's story starts at 33). */
  firstToken: z.number().int().min(1).max(1_000_000_000).default(1),
  config: leaseConfigSchema.default(() => leaseConfigSchema.parse({})),
  timing: leaseTimingSchema.default(() => leaseTimingSchema.parse({})),
  clients: z.array(leaseClientSchema).min(1).max(LEASE_LIMITS.clients),
  faults: z.array(leaseFaultSchema).max(LEASE_LIMITS.faults).default([]),
  expect: z
    .strictObject({
      violations: z.array(z.string().regex(/^L[1-3]$/)).optional(),
      acceptedWrites: z.number().int().min(0).optional(),
    })
    .optional(),
})
export type LeaseScenarioInput = z.input<typeof leaseScenarioSchema>
export type LeaseScenario = z.infer<typeof leaseScenarioSchema>

export type LeaseScenarioParse = { ok: true; scenario: LeaseScenario } | { ok: false; problems: string[] }

const parsed = new WeakSet<object>()

/** For a scenario built already parsed (the random schedules): running it skips the parse. */
export function markLeaseParsed(scenario: LeaseScenario): LeaseScenario {
  parsed.add(scenario)
  return scenario
}

/** Parses untrusted lease scenario JSON: every problem named by its path. */
export function parseLeaseScenario(input: unknown): LeaseScenarioParse {
  if (input !== null && typeof input === 'object' && parsed.has(input))
    return { ok: true, scenario: input as LeaseScenario }
  const result = leaseScenarioSchema.safeParse(input)
  if (!result.success) {
    return {
      ok: false,
      problems: result.error.issues.map(
        (i) => `${i.path.length > 0 ? i.path.join('.') : '(scenario)'}: ${i.message}`,
      ),
    }
  }
  const scenario = result.data
  const problems: string[] = []
  const ids = new Set<string>()
  for (const c of scenario.clients) {
    if (ids.has(c.id)) problems.push(`clients: the id "${c.id}" is used twice`)
    ids.add(c.id)
  }
  const clocks = new Set<string>()
  scenario.faults.forEach((f, i) => {
    if (!ids.has(f.client)) problems.push(`faults.${i}.client: no client named "${f.client}"`)
    if (f.kind === 'clock' && clocks.has(f.client))
      problems.push(`faults.${i}.client: "${f.client}" already has a clock fault`)
    if (f.kind === 'clock') clocks.add(f.client)
  })
  if (problems.length > 0) return { ok: false, problems }
  parsed.add(scenario)
  return { ok: true, scenario }
}

/** Parses (throws on invalid input), skipping the work for one parsed here before. */
export function ensureLeaseScenario(input: LeaseScenario | LeaseScenarioInput): LeaseScenario {
  const result = parseLeaseScenario(input)
  if (!result.ok) throw new Error(`Invalid lease scenario: ${result.problems.join('; ')}`)
  return result.scenario
}
