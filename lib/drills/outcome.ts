// What the server does with one request in a trace, read off the engine's events:
// how the claim went, what the provider did, what the client was answered. The code
// is what options are compared by; the text is how a candidate would say it.
import type { Trace, TraceEvent } from '@/lib/engine'

export type Entry = 'insert' | 'no-row' | 'conflict' | 'takeover' | 'wait' | 'invalid' | 'expired' | 'none'
export type Effect = 'charge' | 'dedupe' | 'decline' | 'timeout' | 'unavailable' | 'none'

export interface OutcomeFacts {
  entry: Entry
  effect: Effect
  /** Status of the first response sent for the request (null: none was sent). */
  status: number | null
  replayed: boolean
  /** The payment the response names, when it names one. */
  paymentId: number | null
  /** An earlier request in the trace already used this account and key. */
  repeat: boolean
  /** The key was purged (TTL) between the earlier request and this one. */
  afterExpiry: boolean
}

export interface Outcome {
  /** What a learner would tell apart (see codeOf): equal codes = the same answer. */
  code: string
  facts: OutcomeFacts
  text: string
  /** The request's own events, first to last (the reveal). */
  eventIndexes: number[]
}

const ENTRY_KINDS: Partial<Record<TraceEvent['kind'], Entry>> = {
  'claim-inserted': 'insert',
  'claim-lookup': 'no-row',
  'claim-conflict': 'conflict',
  'lease-takeover': 'takeover',
  wait: 'wait',
  'validation-failed': 'invalid',
  'key-expired': 'expired',
}

const EFFECT_KINDS: Partial<Record<TraceEvent['kind'], Effect>> = {
  'provider-declined': 'decline',
  'provider-timeout': 'timeout',
  'provider-unavailable': 'unavailable',
  'provider-deduped': 'dedupe',
}

function paymentIdOf(body: string | undefined): number | null {
  if (!body) return null
  try {
    const parsed: unknown = JSON.parse(body)
    const id = (parsed as { id?: unknown }).id
    return typeof id === 'number' ? id : null
  } catch {
    return null
  }
}

/** The outcome of `requestId` in `trace`, or null when the trace never sends it. */
export function outcomeOf(trace: Trace, requestId: string): Outcome | null {
  const events = trace.events
  const sent = events.find((e) => e.kind === 'request-sent' && e.requestId === requestId)
  if (!sent) return null
  const own = events.filter((e) => e.requestId === requestId && e.i >= sent.i)
  const chargesBefore = new Set(
    events.filter((e) => e.i < sent.i && e.kind === 'provider-accepted').map((e) => e.chargeId),
  )
  const repeat = events.some(
    (e) =>
      e.i < sent.i &&
      e.kind === 'request-sent' &&
      e.requestId !== requestId &&
      e.key === sent.key &&
      // the first request of another account with the same key is a repeat only where keys are global
      (e.accountId === sent.accountId || e.accountId === undefined),
  )

  const afterExpiry = events.some((e) => e.i < sent.i && e.kind === 'key-expired')

  let entry: Entry = 'none'
  let effect: Effect = 'none'
  for (const e of own) {
    const asEntry = ENTRY_KINDS[e.kind]
    // The first decision names the entry: 'wait' stays 'wait' when the conflict follows, and
    // 'key-expired' stays 'expired' when the fresh insert follows.
    if (asEntry && entry === 'none') entry = asEntry
    if (e.kind === 'provider-accepted' && !chargesBefore.has(e.chargeId)) effect = 'charge'
    const asEffect = EFFECT_KINDS[e.kind]
    if (asEffect && effect === 'none') effect = asEffect
  }
  const response = own.find((e) => e.kind === 'response-sent')
  const status = response?.status ?? null
  const replayed = response?.replayed === true
  const facts: OutcomeFacts = {
    entry,
    effect,
    status,
    replayed,
    paymentId: paymentIdOf(response?.responseBody),
    repeat,
    afterExpiry: afterExpiry || entry === 'expired',
  }
  const last = own.findLast((e) => e.kind === 'response-received' || e.kind === 'response-lost') ?? own.at(-1)
  const eventIndexes = own.filter((e) => e.i <= (last?.i ?? sent.i)).map((e) => e.i)
  return { code: codeOf(facts), facts, text: outcomeText(facts), eventIndexes }
}

/**
 * The parts of an outcome a candidate would name: did it wait, what the provider did,
 * what came back (and, for a first charge, whether it came before any row existed).
 * How the claim was reached (a fresh insert, an expired key, no row) is the same answer.
 */
export function codeOf(f: OutcomeFacts): string {
  const wait = f.entry === 'wait' ? 'wait|' : ''
  const order = f.effect === 'charge' && f.entry === 'no-row' && !f.repeat ? '|before-row' : ''
  const takeover = f.entry === 'takeover' ? 'takeover|' : ''
  return `${wait}${takeover}${f.effect}|${f.status ?? 'none'}${f.replayed ? 'r' : ''}${order}`
}

const paymentPart = (f: OutcomeFacts) => (f.paymentId === null ? '' : ` for payment ${f.paymentId}`)

function answered(f: OutcomeFacts): string {
  if (f.status === null) return 'no answer reaches the client'
  if (f.status === 201) return `it gets a fresh 201${paymentPart(f)}`
  if (f.status === 202) return `it gets 202${paymentPart(f)}: the outcome is still unknown`
  if (f.status === 402) return 'it gets 402: the card is declined'
  return `it gets ${f.status}`
}

function chargeClause(f: OutcomeFacts): string {
  const again = f.repeat ? ' again' : ''
  switch (f.effect) {
    case 'charge':
      return `the provider charges${again}`
    case 'dedupe':
      return 'the provider recognises our key and returns the first charge (no new charge)'
    case 'decline':
      return 'the provider declines the card'
    case 'timeout':
      return 'the provider call times out, so the outcome is unknown'
    case 'unavailable':
      return 'the provider is unavailable'
    case 'none':
      return 'the provider is not called'
  }
}

/** Plain words for an outcome, as a candidate would say it. */
export function outcomeText(f: OutcomeFacts): string {
  if (f.entry === 'invalid') return `${f.status ?? 400}: the body is rejected before anything is stored.`
  if (f.status === 422) return '422: the key was already used with a different body; nothing is charged.'
  if (f.status === 409) {
    return f.entry === 'wait'
      ? 'It waits, the first request does not finish in time, and it gets 409 with Retry-After.'
      : '409 with Retry-After: the key is still in progress, so the client must try again later.'
  }
  if (f.replayed) {
    const what =
      f.status === 202
        ? `The current state is returned (202${paymentPart(f)}, still pending)`
        : `The stored ${f.status}${paymentPart(f)} is replayed`
    const lead = f.entry === 'wait' ? 'It waits for the first request to finish. ' : ''
    return `${lead}${what}; ${chargeClause(f)}.`
  }
  if (f.entry === 'takeover')
    return `It takes over the expired lease and resumes: ${chargeClause(f)}, and ${answered(f)}.`
  if (f.effect === 'charge' && f.entry === 'no-row' && !f.repeat)
    return `It charges first, before any row is written: ${chargeClause(f)}, then ${answered(f)}.`
  if (f.effect === 'charge' && f.afterExpiry)
    return `The key has expired, so this is a new intent: ${chargeClause(f)} and ${answered(f)}.`
  if (f.effect === 'charge' && f.repeat)
    return `It is treated as a first attempt: ${chargeClause(f)} and ${answered(f)}.`
  if (f.effect === 'charge')
    return `The claim is inserted first, then ${chargeClause(f)}, and ${answered(f)}.`
  return `${sentenceStart(chargeClause(f))}, and ${answered(f)}.`
}

const sentenceStart = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`
