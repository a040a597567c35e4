// The ten checks, in order. Each sends its own requests (keys and amounts of its own), reads
// the fake provider's ledger (the ground truth for "charged once") and gives one verdict.
import { mulberry32 } from '../mulberry32'
import { type Answer, post, type Sent } from './client'
import type { FakeProvider } from './provider'
import { cutTimeline } from './timeline'
import {
  CHECK_IDS,
  CHECKER_STEPS,
  type CheckId,
  type CheckResult,
  type CheckViolation,
  invariantOf,
  type TimelineEvent,
} from './types'

export interface CheckContext {
  base: string
  provider: FakeProvider
  seed: number
  /** A run nonce: keys differ between runs, the schedule does not. */
  runId: string
  mismatchStatus: number
  settleMs: number
  /** kill -9 the server's process group (resolves once it is gone); absent without --start. */
  kill?: () => Promise<void>
  /** Start it again on the same port and wait for an answer; a sentence when it does not come back. */
  restart?: () => Promise<string | null>
  /** Told each check's plan as the check starts (the benchmark compares two runs' plans). */
  onPlan?: (id: CheckId, plan: CheckPlan) => void
}

/**
 * Everything the seed decides for one check, drawn up front: its amount, the ten concurrent
 * duplicates' start offsets, and the pause before the retry after a lost response. The
 * provider's delays and faults are the checks' own constants, so the same seed gives the
 * same schedule.
 */
export interface CheckPlan {
  amount: number
  offsetsMs: number[]
  retryDelayMs: number
}

export function planFor(seed: number, index: number): CheckPlan {
  const rng = mulberry32((seed + index * 7919) >>> 0)
  const amount = 1000 + index * 100 + Math.floor(rng() * 90)
  const offsetsMs = Array.from({ length: 10 }, () => Math.floor(rng() * 20))
  return { amount, offsetsMs, retryDelayMs: 100 + Math.floor(rng() * 200) }
}

/** The whole run's schedule for a seed, check by check in order. */
export function scheduleFor(seed: number): Record<CheckId, CheckPlan> {
  return Object.fromEntries(CHECK_IDS.map((id, index) => [id, planFor(seed, index)])) as Record<
    CheckId,
    CheckPlan
  >
}

class Failure extends Error {
  constructor(
    readonly violation: CheckViolation,
    reason: string,
  ) {
    super(reason)
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const clip = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}…` : text)
const requestLine = (s: Sent) =>
  `POST /payments${s.key ? ` key ${s.key}` : ' (no key)'} as ${s.account} ${s.body}`
const said = (a: Answer | null) => (a ? `${a.status} ${clip(a.body)}` : 'no answer (connection dropped)')

function runner(ctx: CheckContext, index: number, plan: CheckPlan) {
  const started = Date.now()
  const events: TimelineEvent[] = []
  const at = () => Date.now() - started
  const log = (
    from: TimelineEvent['from'],
    to: TimelineEvent['to'],
    kind: TimelineEvent['kind'],
    what: string,
    status?: number,
  ) => events.push({ atMs: at(), from, to, kind, ...(status === undefined ? {} : { status }), what })
  ctx.provider.onCall = (what, from, kind, status) =>
    log(from, from === 'server' ? 'provider' : 'server', kind, what, status)
  const { amount } = plan
  const key = (name: string) => `drill-${ctx.runId}-${name}`
  const body = (overrides: Record<string, unknown> = {}) =>
    JSON.stringify({ amount, currency: 'USD', orderId: `order-${ctx.runId}-${index}`, ...overrides })

  async function send(
    sent: Sent,
    drop?: Promise<void>,
    as: 'request' | 'retry' | 'duplicate' = 'request',
  ): Promise<Answer | null> {
    log('client', 'server', as, `${as === 'request' ? '' : `${as} `}${requestLine(sent)}`)
    const answer = await post(ctx.base, sent, drop)
    if (answer)
      log(
        'server',
        'client',
        'response',
        `${answer.status}${answer.retryAfter ? ` Retry-After: ${answer.retryAfter}` : ''} ${clip(answer.body)}`,
        answer.status,
      )
    else log('server', 'client', 'no-answer', 'no answer: the connection dropped')
    return answer
  }

  /** 202 and 409 (and, after a fault, a dropped connection or a 5xx) are retried every 0.5 s within the settle window. */
  async function settle(sent: Sent, first: Answer | null, afterFault = false): Promise<Answer> {
    let answer = first
    const until = Date.now() + ctx.settleMs
    const pending = (a: Answer | null) =>
      a === null ? afterFault : a.status === 202 || a.status === 409 || (afterFault && a.status >= 500)
    while (pending(answer)) {
      if (Date.now() >= until)
        throw new Failure(
          'not-settled',
          `no final answer within ${ctx.settleMs / 1000} s: ${requestLine(sent)} → ${said(answer)}`,
        )
      await sleep(500)
      answer = await send(sent, undefined, 'retry')
    }
    if (!answer) throw new Failure('not-settled', `${requestLine(sent)} → no answer`)
    return answer
  }

  const charges = (forAmount = amount) => ctx.provider.charges.filter((c) => c.amount === forAmount).length
  function chargedOnce(sent: Sent, expected = 1, forAmount = amount) {
    const n = charges(forAmount)
    if (n > expected)
      throw new Failure(
        'double-charge',
        `the provider charged ${n} times for ${expected === 1 ? 'one intent' : `${expected} intents`}: ${requestLine(sent)}`,
      )
    if (n < expected)
      throw new Failure(
        'not-charged',
        `the provider was charged ${n} times, ${expected} expected: ${requestLine(sent)}`,
      )
  }
  function expectStatus(sent: Sent, answer: Answer, status: number) {
    if (answer.status !== status)
      throw new Failure('wrong-status', `expected ${status}: ${requestLine(sent)} → ${said(answer)}`)
  }
  return { events, plan, key, body, send, settle, chargedOnce, expectStatus, charges, amount, log }
}

type Run = ReturnType<typeof runner>
type CheckBody = (r: Run, ctx: CheckContext, shared: Shared) => Promise<string>
interface Shared {
  first?: { sent: Sent; answer: Answer }
}

const A = 'acct_drill_a'
const B = 'acct_drill_b'

const CHECKS: Record<CheckId, CheckBody> = {
  'missing-key': async (r) => {
    const sent = { account: A, body: r.body() }
    const answer = await r.send(sent)
    if (!answer) throw new Failure('wrong-status', `expected 400: ${requestLine(sent)} → no answer`)
    r.expectStatus(sent, answer, 400)
    if (r.charges() > 0)
      throw new Failure('double-charge', `a request without a key charged the provider: ${requestLine(sent)}`)
    return 'no key → 400, nothing charged'
  },
  'first-attempt': async (r, _ctx, shared) => {
    const sent = { key: r.key('first'), account: A, body: r.body() }
    const answer = await r.settle(sent, await r.send(sent))
    r.expectStatus(sent, answer, 201)
    r.chargedOnce(sent)
    shared.first = { sent, answer }
    return '201, charged once'
  },
  replay: async (r, _ctx, shared) => {
    if (!shared.first) throw new Failure('not-replayed', 'first-attempt gave no 201 to replay')
    const sent = shared.first.sent
    const answer = await r.settle(sent, await r.send(sent))
    if (answer.status !== shared.first.answer.status || answer.body !== shared.first.answer.body)
      throw new Failure(
        'not-replayed',
        `the same key and body again did not give the first answer byte for byte: ${requestLine(sent)} → ${said(answer)}; first was ${said(shared.first.answer)}`,
      )
    return 'same status, byte-identical body'
  },
  'changed-body': async (r, ctx, shared) => {
    if (!shared.first) throw new Failure('wrong-status', 'first-attempt gave no 201 to reuse the key of')
    const changed = JSON.parse(shared.first.sent.body) as { amount: number }
    const sent = { ...shared.first.sent, body: JSON.stringify({ ...changed, amount: r.amount }) }
    const answer = await r.settle(sent, await r.send(sent))
    r.expectStatus(sent, answer, ctx.mismatchStatus)
    if (r.charges() > 0)
      throw new Failure('double-charge', `a reused key with another body charged: ${requestLine(sent)}`)
    return `another body under the same key → ${ctx.mismatchStatus}`
  },
  'concurrent-duplicates': async (r, ctx) => {
    ctx.provider.arm({ delayMs: 1000 })
    const sent = { key: r.key('concurrent'), account: A, body: r.body() }
    const answers = await Promise.all(
      r.plan.offsetsMs.map(async (ms) => {
        await sleep(ms)
        return r.settle(sent, await r.send(sent))
      }),
    )
    r.chargedOnce(sent)
    for (const a of answers) r.expectStatus(sent, a, 201)
    if (new Set(answers.map((a) => a.body)).size > 1)
      throw new Failure(
        'not-replayed',
        `ten duplicates got different bodies: ${requestLine(sent)} → ${said(answers.find((a) => a.body !== answers[0]!.body)!)}; another got ${said(answers[0]!)}`,
      )
    return 'ten at once → one charge, one answer'
  },
  'in-flight': async (r, ctx) => {
    let seen: () => void = () => {}
    const providerSaw = new Promise<void>((resolve) => {
      seen = resolve
    })
    ctx.provider.arm({ delayMs: 2000 })
    const onCall = ctx.provider.onCall
    ctx.provider.onCall = (what, from, kind, status) => {
      onCall?.(what, from, kind, status)
      seen()
    }
    const sent = { key: r.key('in-flight'), account: A, body: r.body() }
    const firstP = r.send(sent).then((a) => r.settle(sent, a))
    // A server that never calls the provider answers first; the duplicate follows that answer.
    await Promise.race([providerSaw, firstP.catch(() => undefined)])
    const dup = await r.send(sent, undefined, 'duplicate')
    if (dup?.status === 409 && !dup.retryAfter)
      throw new Failure('wrong-status', `409 without Retry-After: ${requestLine(sent)} → ${said(dup)}`)
    const [first, second] = await Promise.all([firstP, r.settle(sent, dup)])
    r.expectStatus(sent, first, 201)
    r.chargedOnce(sent)
    if (second.status !== first.status || second.body !== first.body)
      throw new Failure(
        'not-replayed',
        `the duplicate did not get the first answer: ${requestLine(sent)} → ${said(second)}; first was ${said(first)}`,
      )
    return `duplicate in flight → ${dup?.status ?? 'no answer'}, then the first answer`
  },
  'lost-response': async (r, ctx) => {
    let seen: () => void = () => {}
    const providerSaw = new Promise<void>((resolve) => {
      seen = resolve
    })
    ctx.provider.arm({})
    const onCall = ctx.provider.onCall
    ctx.provider.onCall = (what, from, kind, status) => {
      onCall?.(what, from, kind, status)
      seen()
    }
    const sent = { key: r.key('lost'), account: A, body: r.body() }
    await r.send(sent, providerSaw)
    await sleep(r.plan.retryDelayMs)
    const answer = await r.settle(sent, await r.send(sent, undefined, 'retry'), true)
    r.expectStatus(sent, answer, 201)
    r.chargedOnce(sent)
    return 'retry after a dropped connection → 201, charged once'
  },
  'provider-timeout': async (r, ctx) => {
    ctx.provider.arm({ dropFirst: true })
    const sent = { key: r.key('provider-timeout'), account: A, body: r.body() }
    const answer = await r.settle(sent, await r.send(sent), true)
    r.expectStatus(sent, answer, 201)
    r.chargedOnce(sent)
    return 'provider dropped its answer → settled at 201, charged once'
  },
  scope: async (r) => {
    const sa = { key: r.key('scope'), account: A, body: r.body() }
    const sb = { ...sa, account: B }
    const a = await r.settle(sa, await r.send(sa))
    const b = await r.settle(sb, await r.send(sb))
    r.expectStatus(sa, a, 201)
    if (r.charges() < 2 && b.status < 300)
      throw new Failure(
        'leaked-across-accounts',
        `account ${B} got an answer without a charge of its own: ${requestLine(sb)} → ${said(b)}; ${A} had ${said(a)}`,
      )
    r.expectStatus(sb, b, 201)
    r.chargedOnce(sb, 2)
    return 'the same key from two accounts → two payments'
  },
  'crash-after-charge': async (r, ctx) => {
    const sent = { key: r.key('crash'), account: A, body: r.body() }
    ctx.provider.arm({
      onFirstCharge: async () => {
        r.log('client', 'server', 'kill', CHECKER_STEPS.kill)
        await ctx.kill!()
      },
    })
    await r.send(sent)
    r.log('client', 'server', 'restart', CHECKER_STEPS.restart)
    const down = await ctx.restart!()
    if (down) throw new Failure('not-settled', down)
    const answer = await r.settle(sent, await r.send(sent, undefined, 'retry'), true)
    r.expectStatus(sent, answer, 201)
    r.chargedOnce(sent)
    return 'killed after the charge, restarted, retried → charged once'
  },
}

export async function runChecks(ctx: CheckContext): Promise<CheckResult[]> {
  const shared: Shared = {}
  const results: CheckResult[] = []
  for (const [index, id] of CHECK_IDS.entries()) {
    if (id === 'crash-after-charge' && !ctx.restart) {
      results.push({
        id,
        verdict: 'skipped',
        violation: null,
        invariant: null,
        invariantName: null,
        reason: 'needs a restart: run with --start',
        timeline: [],
      })
      continue
    }
    const plan = planFor(ctx.seed, index)
    ctx.onPlan?.(id, plan)
    const r = runner(ctx, index, plan)
    try {
      const reason = await CHECKS[id](r, ctx, shared)
      results.push({
        id,
        verdict: 'pass',
        violation: null,
        invariant: null,
        invariantName: null,
        reason,
        timeline: [],
      })
    } catch (error) {
      const failure =
        error instanceof Failure
          ? error
          : new Failure('wrong-status', `the check could not finish: ${String(error)}`)
      results.push({
        id,
        verdict: 'fail',
        violation: failure.violation,
        ...invariantOf(id, failure.violation),
        reason: failure.message,
        timeline: cutTimeline(r.events),
      })
    }
    ctx.provider.arm({})
    ctx.provider.onCall = undefined
    // Let a failing check's stragglers finish before the next check arms the provider.
    await sleep(50)
  }
  return results
}
