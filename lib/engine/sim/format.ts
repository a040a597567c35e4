// The trace as plain text: the CLI's timeline, the snapshot tests, and a readable
// event log anyone can diff. Times in the scenario's clock (10:00:00.020).
import type { Violation } from '../check/violation'
import { clockLabel } from '../clock-label'
import type { KeyRowView, LedgerRowView, PaymentRowView, RefundRowView, Trace, TraceEvent } from '../trace'

const short = (text: string, max = 12) => (text.length > max ? `${text.slice(0, 8)}…` : text)

function keyLine(k: KeyRowView): string {
  const response = k.responseStatus === null ? 'response empty' : `response ${k.responseStatus}`
  return `idempotency_keys  ${k.accountId} ${short(k.key)} ${k.status} ${k.bodyHashLabel} ${response}`
}

function paymentLine(p: PaymentRowView): string {
  return `payments          #${p.id} account ${p.accountId} order ${p.orderId} ${p.amountMinor} ${p.currency} ${p.state}`
}

function ledgerLine(l: LedgerRowView): string {
  return `provider ledger   ${l.chargeId} account ${l.accountId} ${l.amountMinor} ${l.currency} ${l.status} key ${l.providerKey ?? '(none)'}`
}

function refundLine(r: RefundRowView): string {
  return `refunds           #${r.id} payment ${r.paymentId} ${r.amountMinor} ${r.state}`
}

/** The rows a commit left, one line each. */
export function rowLines(event: TraceEvent): string[] {
  const rows = event.rows
  if (!rows) return []
  return [
    ...(rows.idempotencyKeys ?? []).map(keyLine),
    ...(rows.payments ?? []).map(paymentLine),
    ...(rows.refunds ?? []).map(refundLine),
    ...(rows.ledger ?? []).map(ledgerLine),
  ].concat(
    rows.idempotencyKeys?.length === 0 ? ['idempotency_keys  (empty)'] : [],
    rows.payments?.length === 0 ? ['payments          (empty)'] : [],
  )
}

export function describeConfig(config: Trace['config']): string {
  if (!config) return 'correct engine'
  const flaws = config.flaws.length === 0 ? 'correct engine' : `flaws: ${config.flaws.join(', ')}`
  const policy =
    config.inFlightPolicy.kind === 'wait'
      ? `policy wait (up to ${config.inFlightPolicy.maxWaitMs} ms)`
      : `policy reject-409 (Retry-After ${config.inFlightPolicy.retryAfterS} s)`
  return `${flaws} · ${policy} · lease ${config.leaseMs} ms · TTL ${config.keyTtlMs} ms`
}

export function formatViolation(trace: Trace, v: Violation): string {
  const event = trace.events[v.eventIndex]
  const at = event ? ` (event ${v.eventIndex} at ${clockLabel(trace.clockStart, event.tMs)})` : ''
  return `${v.id} ${v.name} — ${v.message}${at}`
}

/** The whole run as text: header, one line per event with the rows each commit touched, charges, verdict. */
export function formatTimeline(
  trace: Trace,
  result: { violations: Violation[]; notes?: { message: string; eventIndex: number }[]; title?: string },
): string {
  const lines: string[] = []
  lines.push(`${trace.scenario}${result.title ? ` — ${result.title}` : ''}`)
  lines.push(`config: ${describeConfig(trace.config)} · seed ${trace.seed}`)
  lines.push('')
  const actorWidth = Math.max(8, ...trace.actors.map((a) => a.id.length))
  const kindWidth = Math.max(...trace.events.map((e) => e.kind.length), 10)
  const times = trace.events.map((e) => clockLabel(trace.clockStart, e.tMs))
  const timeWidth = Math.max(16, ...times.map((t) => t.length))
  for (const [i, e] of trace.events.entries()) {
    const time = times[i]!.padStart(timeWidth)
    const status = e.status !== undefined ? ` [${e.status}]` : ''
    lines.push(`${time}  ${e.actor.padEnd(actorWidth)}  ${e.kind.padEnd(kindWidth)}  ${e.detail}${status}`)
    for (const row of rowLines(e))
      lines.push(`${''.padStart(timeWidth)}  ${''.padEnd(actorWidth)}  ${''.padEnd(kindWidth)}    ${row}`)
  }
  lines.push('')
  lines.push(`charges: ${trace.charges}`)
  for (const n of result.notes ?? []) lines.push(`note: ${n.message} (event ${n.eventIndex})`)
  if (result.violations.length === 0) lines.push('verdict: OK — no invariant violated')
  else {
    lines.push(`verdict: ${result.violations.length} violation${result.violations.length === 1 ? '' : 's'}`)
    for (const v of result.violations) lines.push(`  ${formatViolation(trace, v)}`)
  }
  return lines.join('\n')
}
