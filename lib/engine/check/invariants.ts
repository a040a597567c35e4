// The invariant checker: reads a finished trace and names every broken invariant
// (I1–I8, ARCHITECTURE.md) with a sentence a learner can read and the index of
// the event that broke it. Pure: it only reads the trace.
import type { KeyRowView, LedgerRowView, PaymentRowView, RefundRowView, Trace, TraceEvent } from '../trace'
import { type CheckNote, type Violation, violation } from './violation'

const NOT_AN_ANSWER = new Set([400, 404, 409, 422])
const FINAL_STATUSES = new Set([200, 201, 402])

const short = (key: string) => (key.length > 12 ? `${key.slice(0, 8)}…` : key)

/**
 * I5's deadline: a key a lease-recovery pass finds past its lease must leave
 * in_progress within this many provider latencies of that pass (the slowest provider
 * call the trace shows). Recovering keys together meets it for any number of keys;
 * one after another misses it from the fourth key on.
 */
export const I5_PROVIDER_LATENCIES = 3
/** Provider answers that end a call (matched to their provider-call to measure its latency). */
const PROVIDER_ANSWERS = new Set([
  'provider-accepted',
  'provider-declined',
  'provider-deduped',
  'provider-unavailable',
])

interface IntentState {
  /** Body hash label of the request that claimed (or first charged) this intent. */
  ownerHash?: string
  /** Charge ids taken for this intent (new charges only, not dedupes). */
  charges: string[]
  /** The first final response (status + body) the intent answered with. */
  firstFinal?: { status: number; body: string; requestId: string; hash: string }
  /** A provider call timed out and nobody has asked the provider since. */
  unknownSinceTimeout: boolean
  /** The downstream key of the call whose outcome is unknown (null: none was passed). */
  unknownProviderKey?: string | null
}

export interface CheckResult {
  violations: Violation[]
  notes: CheckNote[]
}

export function checkTrace(trace: Trace): Violation[] {
  return checkTraceDetailed(trace).violations
}

export function checkTraceDetailed(trace: Trace): CheckResult {
  const violations: Violation[] = []
  const notes: CheckNote[] = []
  const globalScope = trace.config?.flaws.includes('global-scope') ?? false

  let keys: KeyRowView[] = []
  let payments: PaymentRowView[] = []
  let ledger: LedgerRowView[] = []
  let refunds: RefundRowView[] = []

  // Intent generation per (account, key): bumped when the key expires.
  const generation = new Map<string, number>()
  const intents = new Map<string, IntentState>()
  const expiredSince = new Set<string>()
  const reportedI4 = new Set<string>()
  const chargeEvent = new Map<string, number>()
  const paymentStates = new Map<number, string>()
  // I5 against a deadline: the slowest provider call so far, calls awaiting their answer,
  // and keys a lease-recovery pass found past their lease (→ the pass's time).
  const noLease = trace.config?.flaws.includes('no-lease') ?? false
  let providerLatencyMs = 0
  const callsOpen = new Map<string, number>()
  const recoveryFoundAt = new Map<string, number>()

  const ak = (accountId: number, key: string) => `${accountId}\u0000${key}`
  const intentOf = (e: TraceEvent): IntentState | undefined => {
    if (e.accountId === undefined || e.key === undefined) return undefined
    const base = ak(e.accountId, e.key)
    const id = `${base}\u0000${generation.get(base) ?? 0}`
    let state = intents.get(id)
    if (!state) {
      state = { charges: [], unknownSinceTimeout: false }
      intents.set(id, state)
    }
    return state
  }

  for (const e of trace.events) {
    if (e.rows?.idempotencyKeys) keys = e.rows.idempotencyKeys
    if (e.rows?.payments) payments = e.rows.payments
    if (e.rows?.ledger) ledger = e.rows.ledger
    if (e.rows?.refunds) refunds = e.rows.refunds

    if (e.kind === 'provider-call')
      callsOpen.set(`${e.from}\u0000${e.requestId}\u0000${e.providerKey}`, e.tMs)
    else if (PROVIDER_ANSWERS.has(e.kind)) {
      const call = `${e.to}\u0000${e.requestId}\u0000${e.providerKey}`
      const calledAt = callsOpen.get(call)
      if (calledAt !== undefined) {
        callsOpen.delete(call)
        providerLatencyMs = Math.max(providerLatencyMs, e.tMs - calledAt)
      }
    } else if (e.kind === 'clock-jump')
      recoveryFoundAt.clear() // jumped time is no time to recover in
    else if (e.kind === 'sweep' && e.sweep === 'lease-recovery' && !noLease && trace.startMs !== undefined) {
      const nowMs = trace.startMs + e.tMs
      for (const k of keys)
        if (
          k.status === 'in_progress' &&
          k.leaseUntilMs <= nowMs &&
          !recoveryFoundAt.has(ak(k.accountId, k.key))
        )
          recoveryFoundAt.set(ak(k.accountId, k.key), e.tMs)
    }
    if (recoveryFoundAt.size > 0 && e.rows?.idempotencyKeys) {
      for (const [id, foundAt] of recoveryFoundAt) {
        const row = keys.find((k) => ak(k.accountId, k.key) === id)
        if (row?.status === 'in_progress') continue
        recoveryFoundAt.delete(id)
        const deadline = foundAt + I5_PROVIDER_LATENCIES * providerLatencyMs
        if (e.tMs > deadline)
          violations.push(
            violation(
              'I5',
              `Key ${short(id.split('\u0000')[1] ?? '')} was past its lease when lease recovery ran, yet stayed in_progress ${e.tMs - foundAt} ms longer, past ${I5_PROVIDER_LATENCIES} provider latencies (${I5_PROVIDER_LATENCIES * providerLatencyMs} ms): stuck keys must be recovered together, not one after another.`,
              e.i,
            ),
          )
      }
    }

    switch (e.kind) {
      case 'key-expired': {
        if (e.key === undefined || e.accountId === undefined) break
        const bump = (base: string) => {
          generation.set(base, (generation.get(base) ?? 0) + 1)
          expiredSince.add(base)
        }
        if (e.accountId === 0 || globalScope) {
          for (const base of new Set(
            [...intents.keys()].map((id) => id.split('\u0000').slice(0, 2).join('\u0000')),
          ))
            if (base.endsWith(`\u0000${e.key}`)) bump(base)
        } else bump(ak(e.accountId, e.key))
        break
      }
      case 'claim-inserted':
      case 'claim-lookup': {
        const intent = intentOf(e)
        if (intent && intent.ownerHash === undefined) intent.ownerHash = e.bodyHashLabel
        const base = e.accountId !== undefined && e.key !== undefined ? ak(e.accountId, e.key) : ''
        if (e.kind === 'claim-inserted' && expiredSince.has(base)) {
          expiredSince.delete(base)
          notes.push({
            eventIndex: e.i,
            message: `Key ${short(e.key ?? '')} had expired, so ${e.requestId ?? 'this request'} is a new intent: a charge for it is not a duplicate (I1 does not apply across expiry).`,
          })
        }
        break
      }
      case 'provider-call': {
        const intent = intentOf(e)
        if (!intent) break
        if (intent.ownerHash === undefined) intent.ownerHash = e.bodyHashLabel
        else if (
          e.bodyHashLabel !== undefined &&
          e.requestId !== 'sweep' &&
          e.requestId !== 'webhook' &&
          e.bodyHashLabel !== intent.ownerHash
        )
          violations.push(
            violation(
              'I8',
              `Key ${short(e.key ?? '')} was first used for body ${intent.ownerHash}, yet ${e.requestId} (body ${e.bodyHashLabel}) makes the server charge under it: one key must name one intent.`,
              e.i,
            ),
          )
        // Re-sending under the same downstream key is safe (the provider dedupes); anything else may charge twice.
        const blind =
          e.providerKey === null || e.providerKey === undefined || e.providerKey !== intent.unknownProviderKey
        if (intent.unknownSinceTimeout && blind)
          violations.push(
            violation(
              'I7',
              `The first charge for key ${short(e.key ?? '')} has an unknown outcome, and the server charges again without asking the provider first: a blind retry can take the money twice.`,
              e.i,
            ),
          )
        break
      }
      case 'provider-timeout': {
        const intent = intentOf(e)
        if (intent) {
          intent.unknownSinceTimeout = true
          intent.unknownProviderKey = e.providerKey ?? null
        }
        break
      }
      case 'provider-lookup':
      case 'webhook': {
        const intent = intentOf(e)
        if (intent) intent.unknownSinceTimeout = false
        break
      }
      case 'provider-accepted': {
        const entry = ledger.find((l) => l.chargeId === e.chargeId)
        if (!entry || (entry.kind ?? 'charge') !== 'charge' || e.chargeId === undefined) break
        chargeEvent.set(e.chargeId, e.i)
        const intent = intentOf(e)
        if (!intent) break
        intent.charges.push(e.chargeId)
        if (intent.charges.length === 2)
          violations.push(
            violation(
              'I1',
              `Account ${e.accountId} is charged a second time for key ${short(e.key ?? '')} (${intent.charges.join(' and ')}): one intent, ${intent.charges.length} charges.`,
              e.i,
            ),
          )
        break
      }
      case 'response-received': {
        const intent = intentOf(e)
        if (!intent || e.status === undefined) break
        const body = e.responseBody ?? ''
        // I6: a stored response handed to another account.
        const parsed = safeParse(body)
        if (parsed && typeof parsed.id === 'number') {
          const owner =
            parsed.object === 'payment'
              ? payments.find((p) => p.id === parsed.id)?.accountId
              : parsed.object === 'refund'
                ? refunds.find((r) => r.id === parsed.id)?.accountId
                : undefined
          if (owner !== undefined && owner !== e.accountId)
            violations.push(
              violation(
                'I6',
                `Account ${e.accountId} receives ${parsed.object} ${parsed.id}, which belongs to account ${owner}: keys must be scoped per account.`,
                e.i,
              ),
            )
        }
        // I8: a different body under the same key must get 422, never an old answer.
        if (
          intent.ownerHash !== undefined &&
          e.bodyHashLabel !== undefined &&
          e.bodyHashLabel !== intent.ownerHash
        ) {
          if (!NOT_AN_ANSWER.has(e.status))
            violations.push(
              violation(
                'I8',
                `${e.requestId} reused key ${short(e.key ?? '')} with a different body (${e.bodyHashLabel}, first ${intent.ownerHash}) and got ${e.status} instead of 422: the answer describes a request it did not send.`,
                e.i,
              ),
            )
          break
        }
        // I2: every final answer for one intent is the same status and body.
        if (FINAL_STATUSES.has(e.status)) {
          if (!intent.firstFinal)
            intent.firstFinal = {
              status: e.status,
              body,
              requestId: e.requestId ?? '',
              hash: e.bodyHashLabel ?? '',
            }
          else if (intent.firstFinal.status !== e.status || intent.firstFinal.body !== body)
            violations.push(
              violation(
                'I2',
                `${e.requestId} gets ${e.status} with a different body than ${intent.firstFinal.requestId} got (${intent.firstFinal.status}) for the same key and body: retries must see one answer.`,
                e.i,
              ),
            )
        }
        break
      }
    }

    // I4: after every commit, completed keys and final payments agree.
    if (e.rows && (e.rows.idempotencyKeys || e.rows.payments)) {
      for (const p of payments) {
        // Judge a payment at the commit that made it final: its key must be completed in that same commit.
        if (p.state === 'pending_unknown' || p.idempotencyKey === undefined || !e.rows.payments) continue
        if (paymentStates.get(p.id) === p.state) continue
        const key = keys.find(
          (k) =>
            (k.accountId === p.accountId || k.accountId === 0) &&
            k.key === p.idempotencyKey &&
            (k.operation ?? 'create_payment') === 'create_payment',
        )
        const tag = `p${p.id}`
        if (key && key.status !== 'completed' && !reportedI4.has(tag)) {
          reportedI4.add(tag)
          violations.push(
            violation(
              'I4',
              `Payment ${p.id} is committed while key ${short(key.key)} is still ${key.status}: the payment row and the key's completion were not one transaction, so a crash here leaves them disagreeing.`,
              e.i,
            ),
          )
        }
      }
      for (const k of keys) {
        if (k.status !== 'completed' || (k.operation ?? 'create_payment') !== 'create_payment') continue
        const tag = `k${k.accountId}\u0000${k.key}\u0000${k.createdAtMs ?? 0}`
        const payment = k.resourceId != null ? payments.find((p) => p.id === k.resourceId) : undefined
        const ok =
          k.responseBody !== null &&
          k.responseStatus !== null &&
          payment !== undefined &&
          payment.state !== 'pending_unknown'
        if (!ok && !reportedI4.has(tag)) {
          reportedI4.add(tag)
          violations.push(
            violation(
              'I4',
              `Key ${short(k.key)} is completed without a final payment row and stored response behind it.`,
              e.i,
            ),
          )
        }
      }
      if (e.rows.payments) for (const p of payments) paymentStates.set(p.id, p.state)
    }
  }

  const lastIndex = trace.events.length - 1
  // I3: every charge the provider took is one succeeded payment of ours, and back.
  const charges = ledger.filter((l) => (l.kind ?? 'charge') === 'charge')
  const claimedBy = new Map<string, number>()
  for (const p of payments) {
    if (p.state !== 'succeeded') continue
    const chargeId = p.providerChargeId ?? undefined
    if (chargeId === undefined) continue
    const earlier = claimedBy.get(chargeId)
    if (earlier !== undefined)
      violations.push(
        violation(
          'I3',
          `Payments ${earlier} and ${p.id} both record charge ${chargeId}: our books count ${p.amountMinor} ${p.currency} that the provider took once.`,
          lastEventTouching(trace, 'payments', lastIndex),
        ),
      )
    else claimedBy.set(chargeId, p.id)
  }
  for (const c of charges) {
    if (claimedBy.has(c.chargeId)) continue
    violations.push(
      violation(
        'I3',
        `The provider took ${c.amountMinor} ${c.currency} as ${c.chargeId}, but no succeeded payment of ours records it: money captured ≠ payments we know.`,
        chargeEvent.get(c.chargeId) ?? lastIndex,
      ),
    )
  }
  const refundedByProvider = ledger
    .filter((l) => l.kind === 'refund')
    .reduce((sum, l) => sum + l.amountMinor, 0)
  const refundedByUs = refunds
    .filter((r) => r.state === 'succeeded')
    .reduce((sum, r) => sum + r.amountMinor, 0)
  if (refundedByProvider !== refundedByUs)
    violations.push(
      violation(
        'I3',
        `The provider refunded ${refundedByProvider} but our succeeded refunds add up to ${refundedByUs}.`,
        lastIndex,
      ),
    )

  // I5: after the final sweeps nothing is left in_progress or pending_unknown.
  const stuck = keys.filter((k) => k.status !== 'completed')
  if (stuck.length > 0) {
    const at = lastIndexOf(trace, (e) => e.kind === 'sweep') ?? lastIndex
    for (const k of stuck)
      violations.push(
        violation(
          'I5',
          k.status === 'in_progress'
            ? `Key ${short(k.key)} is still in_progress after its lease and the final sweeps: a retry waits on it forever.`
            : `Key ${short(k.key)} is still pending_unknown after reconciliation: the outcome was never settled.`,
          at,
        ),
      )
  }

  violations.sort((a, b) => a.eventIndex - b.eventIndex || a.id.localeCompare(b.id))
  return { violations, notes }
}

function safeParse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

function lastIndexOf(trace: Trace, match: (e: TraceEvent) => boolean): number | undefined {
  for (let i = trace.events.length - 1; i >= 0; i--) if (match(trace.events[i]!)) return i
  return undefined
}

function lastEventTouching(trace: Trace, table: 'payments', fallback: number): number {
  return lastIndexOf(trace, (e) => e.rows?.[table] !== undefined) ?? fallback
}
