// What the timeline shows at each step, derived from a trace alone (pure; unit-tested).
// A step is an event index: "at step i" means events 0…i have happened.

import {
  clockLabel,
  type KeyRowView,
  type LedgerRowView,
  type PaymentRowView,
  type RefundRowView,
  type Trace,
  type TraceEvent,
} from '@/lib/engine/client'

export type TableName = 'idempotencyKeys' | 'payments' | 'refunds' | 'ledger'

export interface Tables {
  idempotencyKeys: KeyRowView[]
  payments: PaymentRowView[]
  refunds: RefundRowView[]
  ledger: LedgerRowView[]
}

export interface StepState {
  tables: Tables
  /** Cells changed by the latest commit at or before this step: `${table}|${rowId}|${column}`. */
  changedCells: ReadonlySet<string>
  /** The event whose commit those changes came from, or null before any commit. */
  changedAt: number | null
}

export const rowId = {
  idempotencyKeys: (r: KeyRowView) => `${r.accountId}:${r.key}`,
  payments: (r: PaymentRowView) => String(r.id),
  refunds: (r: RefundRowView) => String(r.id),
  ledger: (r: LedgerRowView) => r.chargeId,
} as const

export function cellId(table: TableName, id: string, column: string): string {
  return `${table}|${id}|${column}`
}

function diffTable<Row extends object>(
  table: TableName,
  before: Row[],
  after: Row[],
  idOf: (row: Row) => string,
  into: Set<string>,
): void {
  const previous = new Map(before.map((row) => [idOf(row), row]))
  for (const row of after) {
    const id = idOf(row)
    const old = previous.get(id) as Record<string, unknown> | undefined
    for (const [column, value] of Object.entries(row)) {
      if (!old || old[column] !== value) into.add(cellId(table, id, column))
    }
  }
}

/** The tables after every event, with the cells the latest commit changed. */
export function stepStates(trace: Trace): StepState[] {
  let tables: Tables = { idempotencyKeys: [], payments: [], refunds: [], ledger: [] }
  let changedCells: ReadonlySet<string> = new Set()
  let changedAt: number | null = null
  const states: StepState[] = []
  for (const event of trace.events) {
    const rows = event.rows
    if (rows) {
      const changed = new Set<string>()
      const next: Tables = { ...tables }
      if (rows.idempotencyKeys) {
        diffTable(
          'idempotencyKeys',
          tables.idempotencyKeys,
          rows.idempotencyKeys,
          rowId.idempotencyKeys,
          changed,
        )
        next.idempotencyKeys = rows.idempotencyKeys
      }
      if (rows.payments) {
        diffTable('payments', tables.payments, rows.payments, rowId.payments, changed)
        next.payments = rows.payments
      }
      if (rows.refunds) {
        diffTable('refunds', tables.refunds, rows.refunds, rowId.refunds, changed)
        next.refunds = rows.refunds
      }
      if (rows.ledger) {
        diffTable('ledger', tables.ledger, rows.ledger, rowId.ledger, changed)
        next.ledger = rows.ledger
      }
      tables = next
      changedCells = changed
      changedAt = event.i
    }
    states.push({ tables, changedCells, changedAt })
  }
  return states
}

/** Short names for idempotency keys in order of first claim: 'K', 'K2', … (the card calls the first K). */
export function keyLabels(trace: Trace): Map<string, string> {
  const labels = new Map<string, string>()
  const see = (key: string) => {
    if (!labels.has(key)) labels.set(key, labels.size === 0 ? 'K' : `K${labels.size + 1}`)
  }
  for (const event of trace.events) for (const row of event.rows?.idempotencyKeys ?? []) see(row.key)
  for (const response of trace.responses) see(response.key)
  return labels
}

/** "10:00:02.100 — retry finds the completed key and replays 201": the slider's aria-valuetext. */
export function narrate(trace: Trace, step: number): string {
  const event = trace.events[step]
  if (!event) return 'no events'
  return `${clockLabel(trace.clockStart, event.tMs)} — ${event.detail}`
}

/** A stored response body as the card says it: '201, payment 88, succeeded'. */
export function responseSummary(status: number | null, body: string | null): string {
  if (status === null) return 'empty'
  if (!body) return String(status)
  try {
    const parsed: unknown = JSON.parse(body)
    if (parsed && typeof parsed === 'object') {
      const record = parsed as Record<string, unknown>
      const parts = [String(status)]
      if (record.object === 'payment' && record.id !== undefined) parts.push(`payment ${String(record.id)}`)
      if (typeof record.state === 'string') parts.push(record.state)
      else if (typeof record.title === 'string') parts.push(record.title)
      return parts.join(', ')
    }
  } catch {
    // Not JSON: the status alone still says what was stored.
  }
  return String(status)
}

export interface Interval {
  actor: string
  from: number
  /** Event index that closes it, or null when it is still open at the end of the run. */
  to: number | null
}

function settlesUnknown(event: TraceEvent): boolean {
  const rows = event.rows
  if (!rows?.payments && !rows?.idempotencyKeys) return false
  const stillUnknown =
    (rows.payments ?? []).some((p) => p.state === 'pending_unknown') ||
    (rows.idempotencyKeys ?? []).some((k) => k.status === 'pending_unknown')
  return !stillUnknown
}

/**
 * Unknown outcomes: from a provider timeout until a commit leaves no payment pending_unknown
 * (settled by a lookup, a webhook or the reconciliation sweep). Drawn open — Jepsen-style —
 * until then; a timeout's own pending_unknown commit does not close it.
 */
export function unknownIntervals(trace: Trace): Interval[] {
  const intervals: Interval[] = []
  for (const event of trace.events) {
    if (event.kind !== 'provider-timeout') continue
    const closing = trace.events.find((later) => later.i > event.i && settlesUnknown(later))
    intervals.push({ actor: event.actor, from: event.i, to: closing?.i ?? null })
  }
  return intervals
}

/** Stretches where a server's lifeline is cut: from its crash to its restart (or the end). */
export function crashGaps(trace: Trace): Interval[] {
  const gaps: Interval[] = []
  for (const event of trace.events) {
    if (event.kind !== 'crash') continue
    const restart = trace.events.find(
      (later) => later.i > event.i && later.kind === 'restart' && later.actor === event.actor,
    )
    gaps.push({ actor: event.actor, from: event.i, to: restart?.i ?? null })
  }
  return gaps
}

/** A few words drawn on the arrow or mark; the full sentence lives in the log and the slider. */
export function shortLabel(event: TraceEvent): string {
  switch (event.kind) {
    case 'request-sent':
      return event.requestId ? `POST /payments (${event.requestId})` : 'POST /payments'
    case 'client-retry':
      return 'retry POST'
    case 'request-received':
      return 'received'
    case 'validation-failed':
      return 'invalid'
    case 'claim-inserted':
      return 'INSERT claim'
    case 'claim-conflict':
      return 'conflict'
    case 'claim-replay':
      return event.status ? `replay ${event.status}` : 'replay'
    case 'claim-lookup':
      return 'SELECT: none'
    case 'lease-takeover':
      return 'take over lease'
    case 'provider-call':
      return 'charge'
    case 'provider-accepted':
      return 'accepted'
    case 'provider-declined':
      return 'declined'
    case 'provider-timeout':
      return 'timeout: unknown'
    case 'provider-unavailable':
      return 'unavailable'
    case 'provider-deduped':
      return 'deduped'
    case 'provider-lookup':
      return 'lookup'
    case 'webhook':
      return 'webhook'
    case 'commit':
      return 'COMMIT'
    case 'response-sent':
      return event.status ? String(event.status) : 'response'
    case 'response-lost':
      return event.status ? `${event.status} lost` : 'lost'
    case 'response-received':
      return event.status ? `got ${event.status}` : 'got response'
    case 'client-timeout':
      return 'timeout'
    case 'wait':
      return 'wait'
    case 'crash':
      return 'crash'
    case 'restart':
      return 'restart'
    case 'clock-jump':
      return 'clock jump'
    case 'sweep':
      return 'sweep'
    case 'key-expired':
      return 'key purged'
    default:
      return 'note'
  }
}

/**
 * Messages are arrows between two lanes; everything else is a mark on one lane. A received
 * response is a mark on the client (its arrow is the send), and a send the network then
 * drops is a mark on the server (its arrow is the lost one).
 */
export function isMessage(
  trace: Trace,
  event: TraceEvent,
): event is TraceEvent & { from: string; to: string } {
  if (event.from === undefined || event.to === undefined || event.from === event.to) return false
  if (event.kind === 'response-received') return false
  if (event.kind === 'response-sent' && event.requestId !== undefined) {
    const lost = trace.events.some(
      (later) => later.i > event.i && later.kind === 'response-lost' && later.requestId === event.requestId,
    )
    if (lost) return false
  }
  return true
}

/** Writes the storage accepted in a lease trace (up to its last event). */
export function acceptedWrites(trace: Trace): number {
  return trace.events.filter((event) => event.kind === 'write-accepted').length
}

/** What a run ended with, in words: "2 charges in the provider's ledger" or "the storage accepted 2 writes". */
export function traceOutcome(trace: Trace): string {
  if (trace.protocol === 'lease') {
    const n = acceptedWrites(trace)
    return `the storage accepted ${n} write${n === 1 ? '' : 's'}`
  }
  return `${trace.charges} charge${trace.charges === 1 ? '' : 's'} in the provider's ledger`
}
