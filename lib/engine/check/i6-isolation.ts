// I6 isolation: no account ever receives another account's payment or refund.
import type { TraceCheck } from './fold'

export const isolation: TraceCheck = {
  onEvent(e, state, report) {
    if (e.kind !== 'response-received' || e.status === undefined || !state.intentOf(e)) return
    const parsed = safeParse(e.responseBody ?? '')
    if (!parsed || typeof parsed.id !== 'number') return
    const owner =
      parsed.object === 'payment'
        ? state.payments.find((p) => p.id === parsed.id)?.accountId
        : parsed.object === 'refund'
          ? state.refunds.find((r) => r.id === parsed.id)?.accountId
          : undefined
    if (owner !== undefined && owner !== e.accountId)
      report.violation(
        'I6',
        `Account ${e.accountId} receives ${parsed.object} ${parsed.id}, which belongs to account ${owner}: keys must be scoped per account.`,
        e.i,
      )
  },
}

function safeParse(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text)
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}
