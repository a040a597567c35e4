// Random schedules from a seed: a few clients on one or two keys and accounts,
// retries, changed bodies, dropped responses, crashes at named steps (now and then
// with many keys in flight), provider behaviours, clock jumps past the TTL and
// sweeps. One root seed feeds everything, so `seed` alone reproduces a schedule.
import { DEFAULT_KEY_TTL_MS, HOUR_MS } from '../constants'
import { FAULT_POINTS } from '../faults'
import {
  DEFAULT_BODY,
  DEFAULT_KEY,
  DEFAULT_START_AT,
  LIMITS,
  markParsed,
  type Scenario,
  type ScenarioFault,
  type ScenarioInput,
} from './scenario'

/** sfc32: small, fast, good enough for schedules; never Math.random. */
export function prng(seed: number): () => number {
  let a = 0x9e3779b9
  let b = 0x243f6a88
  let c = 0xb7e15162
  let d = seed >>> 0
  const next = () => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    const t = (a + b + d) >>> 0
    d = (d + 1) >>> 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) >>> 0
    c = (c << 21) | (c >>> 11)
    c = (c + t) >>> 0
    return t / 4294967296
  }
  for (let i = 0; i < 12; i++) next()
  return next
}

export interface RandomScheduleOptions {
  /** Upper bound on client requests (default 6). */
  maxRequests?: number
}

const KEYS = [DEFAULT_KEY, 'b2f0c3d4-9e8f-4a1b-8c7d-6e5f4a3b2c1d']

/** The draws a schedule is made of, all from one generator (so their order is the schedule). */
interface Dice {
  int: (lo: number, hi: number) => number
  pick: <T>(items: readonly T[]) => T
  chance: (p: number) => boolean
}

function diceFor(seed: number): Dice {
  const rand = prng(seed)
  return {
    int: (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1)),
    pick: (items) => items[Math.floor(rand() * items.length)]!,
    chance: (p) => rand() < p,
  }
}

type Requests = NonNullable<ScenarioInput['requests']>
type Faults = NonNullable<ScenarioInput['faults']>
type ServerName = 'server-1' | 'server-2'

/** What every payment request of one schedule draws from. */
interface PaymentShape {
  count: number
  keyCount: number
  accounts: number[]
  /** Which server a request goes to (a draw only when the schedule has two). */
  server: () => ServerName
}

export function randomScenarioInput(seed: number, options: RandomScheduleOptions = {}): ScenarioInput {
  const dice = diceFor(seed)
  const { int, pick, chance } = dice

  const maxRequests = options.maxRequests ?? 6
  const keyCount = chance(0.7) ? 1 : 2
  const accounts = chance(0.75) ? [17] : [17, 18]
  const twoServers = chance(0.5)
  const shortTtl = chance(0.3)
  const jumpAtMs = chance(0.25) ? int(500, 6000) : undefined
  const server = (): ServerName => (twoServers && chance(0.5) ? 'server-2' : 'server-1')

  const requests: Requests = []
  const faults: Faults = []
  addPayments(dice, { count: int(1, maxRequests), keyCount, accounts, server }, requests, faults)
  addRefunds(dice, server, requests, faults)
  requests.sort((a, b) => a.atMs - b.atMs)
  if (jumpAtMs !== undefined)
    faults.push({ kind: 'clock-jump', atMs: jumpAtMs, byMs: pick([HOUR_MS, 23 * HOUR_MS, 25 * HOUR_MS]) })
  const sweeps = randomSweeps(dice)

  const input = {
    id: `random-${seed}`,
    title: `Random schedule ${seed}`,
    description: 'Generated from a seed; reproduce it with the same seed.',
    seed,
    timing: randomTiming(dice),
    config: randomConfig(dice, shortTtl),
    requests,
    faults,
    sweeps,
  } satisfies ScenarioInput
  // Drawn last, so every schedule without it stays what its seed always gave.
  if (chance(0.05)) addCrashWithManyInFlight(input, dice)
  return input
}

/** Payments from a few clients, each now and then with a dropped response, a provider behaviour or a crash. */
function addPayments(dice: Dice, shape: PaymentShape, requests: Requests, faults: Faults): void {
  const { int, pick, chance } = dice
  for (let i = 0; i < shape.count; i++) {
    const id = `R${i + 1}`
    const changedBody = chance(0.15)
    requests.push({
      id,
      atMs: int(0, 8000),
      accountId: pick(shape.accounts),
      key: KEYS[int(0, shape.keyCount - 1)]!,
      body: changedBody ? { ...DEFAULT_BODY, amount: 2600 } : { ...DEFAULT_BODY },
      timeoutMs: pick([500, 2000, 5000]),
      server: shape.server(),
      ...(chance(0.15) ? { waitMs: pick([100, 500, 2000]) } : {}),
    })
    if (chance(0.2)) faults.push({ kind: 'drop-response', requestId: id })
    if (chance(0.45)) {
      const behaviour = pick([
        'ok',
        'decline',
        'slow',
        'timeout-after-accept',
        'timeout-after-accept',
        'unavailable',
      ] as const)
      faults.push({
        kind: 'provider',
        requestId: id,
        behaviour,
        ...(chance(0.3) ? { webhookAfterMs: int(0, 3000) } : {}),
      })
    }
    if (chance(0.25))
      faults.push({
        kind: 'crash',
        step: pick(FAULT_POINTS),
        requestId: id,
        server: requests[i]!.server ?? 'server-1',
        afterMs: pick([0, 0, 10]),
        restartAfterMs: int(0, 3000),
      })
  }
}

/** Now and then, refunds of the first payment under their own keys (they may race the payment, or 404). */
function addRefunds(dice: Dice, server: () => ServerName, requests: Requests, faults: Faults): void {
  const { int, pick, chance } = dice
  const refunds = chance(0.2) ? int(1, 3) : 0
  for (let i = 0; i < refunds; i++) {
    const id = `F${i + 1}`
    requests.push({
      id,
      atMs: int(0, 9000),
      accountId: 17,
      key: pick(['refund-1', 'refund-2']),
      operation: 'refund',
      paymentId: 1,
      body: { amount: pick([1000, 1500, 2500, 3000]) },
      timeoutMs: pick([500, 2000, 5000]),
      server: server(),
    })
    if (chance(0.3))
      faults.push({
        kind: 'provider',
        requestId: id,
        behaviour: pick(['timeout-after-accept', 'unavailable'] as const),
      })
    if (chance(0.2))
      faults.push({
        kind: 'crash',
        step: pick(FAULT_POINTS),
        requestId: id,
        afterMs: 0,
        restartAfterMs: int(0, 3000),
      })
  }
}

function randomSweeps({ int, pick }: Dice): NonNullable<ScenarioInput['sweeps']> {
  const sweeps: NonNullable<ScenarioInput['sweeps']> = []
  const sweepCount = int(0, 3)
  for (let i = 0; i < sweepCount; i++)
    sweeps.push({
      atMs: int(0, 12_000),
      sweep: pick(['lease-recovery', 'reconciliation', 'reaper'] as const),
    })
  return sweeps
}

function randomTiming({ int, pick }: Dice): NonNullable<ScenarioInput['timing']> {
  return {
    claimMs: pick([0, 5, 20]),
    providerMs: int(0, 500),
    networkMs: pick([0, 0, 10]),
    slowProviderMs: 2000,
    providerTimeoutMs: 1000,
  }
}

function randomConfig({ pick, chance }: Dice, shortTtl: boolean): NonNullable<ScenarioInput['config']> {
  return {
    leaseMs: pick([500, 1500, 5000, 30_000]),
    keyTtlMs: shortTtl ? pick([3000, 60_000]) : DEFAULT_KEY_TTL_MS,
    inFlightPolicy: chance(0.5)
      ? { kind: 'reject-409', retryAfterS: 1 }
      : { kind: 'wait', maxWaitMs: pick([200, 1000]), retryAfterS: 1 },
  }
}

/**
 * A crash with many keys in flight: a burst of payments under their own keys on
 * server-1, the server dies at a named step of the burst's last request, and a
 * lease-recovery pass runs once the burst's leases are over (I5 then holds recovery
 * to its deadline: a few provider latencies for all of them together).
 */
function addCrashWithManyInFlight(
  input: ScenarioInput & {
    requests: Requests
    faults: Faults
    sweeps: NonNullable<ScenarioInput['sweeps']>
  },
  { int, pick }: Pick<Dice, 'int' | 'pick'>,
): void {
  const room = LIMITS.requests - input.requests.length
  if (room < 8) return
  const count = int(8, Math.min(16, room))
  const startMs = int(0, 4000)
  const gapMs = pick([0, 5, 10])
  for (let i = 0; i < count; i++)
    input.requests.push({
      id: `M${i + 1}`,
      atMs: startMs + i * gapMs,
      accountId: i % 2 === 0 ? 17 : 18,
      key: `many-${i + 1}`,
      body: { ...DEFAULT_BODY, orderId: `m${i + 1}` },
      timeoutMs: 2000,
      server: 'server-1',
    })
  input.requests.sort((a, b) => a.atMs - b.atMs)
  input.faults.push({
    kind: 'crash',
    step: pick(['after-claim', 'after-provider-accept', 'after-payment-row'] as const),
    requestId: `M${count}`,
    server: 'server-1',
    afterMs: 0,
    restartAfterMs: int(0, 3000),
  })
  const leaseOverMs = startMs + count * gapMs + (input.config?.leaseMs ?? 30_000)
  input.sweeps.push({ atMs: Math.min(LIMITS.maxTimeMs, leaseOverMs + int(0, 1000)), sweep: 'lease-recovery' })
}

/**
 * A random schedule as a parsed scenario. The generator's output is valid by
 * construction, so instead of running zod over it (a third of a fuzz run's own cost)
 * the defaults are filled in here, fields in the schema's order: random.test.ts checks
 * the result is exactly what `scenarioSchema.parse` gives, field order included.
 */
export function randomScenario(seed: number, options: RandomScheduleOptions = {}): Scenario {
  const input = randomScenarioInput(seed, options)
  const config = input.config!
  const timing = input.timing!
  return markParsed({
    id: input.id,
    title: input.title,
    description: input.description!,
    seed: input.seed!,
    startAt: DEFAULT_START_AT,
    firstPaymentId: 1,
    config: {
      inFlightPolicy: config.inFlightPolicy as NonNullable<Scenario['config']['inFlightPolicy']>,
      leaseMs: config.leaseMs!,
      keyTtlMs: config.keyTtlMs!,
    },
    timing: {
      claimMs: timing.claimMs!,
      providerMs: timing.providerMs!,
      slowProviderMs: timing.slowProviderMs!,
      providerTimeoutMs: timing.providerTimeoutMs!,
      networkMs: timing.networkMs!,
    },
    requests: input.requests.map((r) => ({
      id: r.id,
      atMs: r.atMs,
      accountId: r.accountId!,
      key: r.key!,
      body: r.body,
      timeoutMs: r.timeoutMs!,
      server: r.server!,
      ...(r.waitMs !== undefined ? { waitMs: r.waitMs } : {}),
      operation: r.operation ?? 'payment',
      ...(r.paymentId !== undefined ? { paymentId: r.paymentId } : {}),
    })),
    faults: input.faults!.map(
      (f): ScenarioFault =>
        f.kind === 'crash'
          ? {
              kind: 'crash',
              step: f.step,
              ...(f.requestId !== undefined ? { requestId: f.requestId } : {}),
              server: f.server ?? 'server-1',
              afterMs: f.afterMs!,
              restartAfterMs: f.restartAfterMs!,
            }
          : (f as ScenarioFault),
    ),
    sweeps: input.sweeps!,
  })
}
