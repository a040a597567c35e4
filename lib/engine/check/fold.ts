// One pass over a finished trace that every invariant shares: the tables as of each
// event (the snapshots commits carry), and per intent — (account, key, generation; a
// key's expiry starts a new generation) — who owns it and whether its outcome is
// unknown. Each invariant module (i1-…i8-) reads this state at each event and at the end.
import type { KeyRowView, LedgerRowView, PaymentRowView, RefundRowView, Trace, TraceEvent } from '../trace'
import type { InvariantId } from './violation'

export interface Intent {
  /** Body hash label of the request that claimed (or first charged) this intent. */
  ownerHash?: string
  /** A provider call timed out and nobody has asked the provider since. */
  unknownSinceTimeout: boolean
  /** The downstream key of the call whose outcome is unknown (null: none was passed). */
  unknownProviderKey?: string | null
}

export interface TraceState {
  keys: KeyRowView[]
  payments: PaymentRowView[]
  ledger: LedgerRowView[]
  refunds: RefundRowView[]
  /** provider-accepted event index of each new charge (not dedupes), by charge id. */
  chargeEvent: Map<string, number>
  /** (account, key) pairs whose key expired and were not claimed again since. */
  expiredSince: Set<string>
  /** The intent an event belongs to (created on first sight), or undefined without account/key. */
  intentOf(e: TraceEvent): Intent | undefined
}

export interface Report {
  violation(id: InvariantId, message: string, eventIndex: number): void
  note(message: string, eventIndex: number): void
}

/** One invariant (or the notes): looks at each event after the shared state took it in, then at the end. */
export interface TraceCheck {
  onEvent?(e: TraceEvent, state: TraceState, report: Report): void
  atEnd?(trace: Trace, state: TraceState, report: Report): void
}

/** The (account, key) pair an intent generation belongs to. */
export const accountKey = (accountId: number, key: string) => `${accountId}\u0000${key}`

export const short = (key: string) => (key.length > 12 ? `${key.slice(0, 8)}…` : key)

export function foldTrace(trace: Trace, checks: readonly TraceCheck[], report: Report): void {
  // Intent generation per (account, key): bumped when the key expires.
  const generation = new Map<string, number>()
  const intents = new Map<string, Intent>()
  const ak = accountKey
  const state: TraceState = {
    keys: [],
    payments: [],
    ledger: [],
    refunds: [],
    chargeEvent: new Map(),
    expiredSince: new Set(),
    intentOf(e) {
      // Several checks ask for the same event's intent: resolve it once per event.
      if (e === cachedFor) return cached
      cachedFor = e
      cached = resolveIntent(e)
      return cached
    },
  }
  let cachedFor: TraceEvent | undefined
  let cached: Intent | undefined
  const resolveIntent = (e: TraceEvent): Intent | undefined => {
    if (e.accountId === undefined || e.key === undefined) return undefined
    const base = ak(e.accountId, e.key)
    const id = `${base}\u0000${generation.get(base) ?? 0}`
    let intent = intents.get(id)
    if (!intent) {
      intent = { unknownSinceTimeout: false }
      intents.set(id, intent)
    }
    return intent
  }

  for (const e of trace.events) {
    if (e.rows?.idempotencyKeys) state.keys = e.rows.idempotencyKeys
    if (e.rows?.payments) state.payments = e.rows.payments
    if (e.rows?.ledger) state.ledger = e.rows.ledger
    if (e.rows?.refunds) state.refunds = e.rows.refunds

    switch (e.kind) {
      case 'key-expired': {
        if (e.key === undefined || e.accountId === undefined) break
        const bump = (base: string) => {
          generation.set(base, (generation.get(base) ?? 0) + 1)
          state.expiredSince.add(base)
        }
        // Keys stored without their account (scope 0) expire for every account that used them.
        if (e.accountId === 0 || state.keys.some((k) => k.accountId === 0)) {
          for (const base of new Set(
            [...intents.keys()].map((id) => id.split('\u0000').slice(0, 2).join('\u0000')),
          ))
            if (base.endsWith(`\u0000${e.key}`)) bump(base)
        } else bump(ak(e.accountId, e.key))
        break
      }
      case 'claim-inserted':
      case 'claim-lookup':
      case 'provider-call': {
        const intent = state.intentOf(e)
        if (intent && intent.ownerHash === undefined) intent.ownerHash = e.bodyHashLabel
        break
      }
      case 'provider-timeout': {
        const intent = state.intentOf(e)
        if (intent) {
          intent.unknownSinceTimeout = true
          intent.unknownProviderKey = e.providerKey ?? null
        }
        break
      }
      case 'provider-lookup':
      case 'webhook': {
        const intent = state.intentOf(e)
        if (intent) intent.unknownSinceTimeout = false
        break
      }
      case 'provider-accepted': {
        const entry = state.ledger.find((l) => l.chargeId === e.chargeId)
        if (entry && (entry.kind ?? 'charge') === 'charge' && e.chargeId !== undefined)
          state.chargeEvent.set(e.chargeId, e.i)
        break
      }
    }
    for (const check of checks) check.onEvent?.(e, state, report)
  }
  for (const check of checks) check.atEnd?.(trace, state, report)
}
