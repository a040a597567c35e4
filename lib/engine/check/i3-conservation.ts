// I3 conservation: at the end, every charge the provider took is exactly one succeeded
// payment of ours (and back), and the refunds add up on both sides.
import type { Trace, TraceEvent } from '../trace'
import type { TraceCheck } from './fold'

export const conservation: TraceCheck = {
  atEnd(trace, { payments, ledger, refunds, chargeEvent }, report) {
    const lastIndex = trace.events.length - 1
    const claimedBy = new Map<string, number>()
    for (const p of payments) {
      if (p.state !== 'succeeded') continue
      const chargeId = p.providerChargeId ?? undefined
      if (chargeId === undefined) continue
      const earlier = claimedBy.get(chargeId)
      if (earlier !== undefined)
        report.violation(
          'I3',
          `Payments ${earlier} and ${p.id} both record charge ${chargeId}: our books count ${p.amountMinor} ${p.currency} that the provider took once.`,
          lastIndexOf(trace, (e) => e.rows?.payments !== undefined) ?? lastIndex,
        )
      else claimedBy.set(chargeId, p.id)
    }
    for (const c of ledger.filter((l) => (l.kind ?? 'charge') === 'charge')) {
      if (claimedBy.has(c.chargeId)) continue
      report.violation(
        'I3',
        `The provider took ${c.amountMinor} ${c.currency} as ${c.chargeId}, but no succeeded payment of ours records it: money captured ≠ payments we know.`,
        chargeEvent.get(c.chargeId) ?? lastIndex,
      )
    }
    const refundedByProvider = ledger
      .filter((l) => l.kind === 'refund')
      .reduce((sum, l) => sum + l.amountMinor, 0)
    const refundedByUs = refunds
      .filter((r) => r.state === 'succeeded')
      .reduce((sum, r) => sum + r.amountMinor, 0)
    if (refundedByProvider !== refundedByUs)
      report.violation(
        'I3',
        `The provider refunded ${refundedByProvider} but our succeeded refunds add up to ${refundedByUs}.`,
        lastIndex,
      )
  },
}

export function lastIndexOf(trace: Trace, match: (e: TraceEvent) => boolean): number | undefined {
  for (let i = trace.events.length - 1; i >= 0; i--) if (match(trace.events[i]!)) return i
  return undefined
}
