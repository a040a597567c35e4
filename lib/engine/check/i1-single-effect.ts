// I1 single effect: one intent (account, key, generation) is charged at most once.
import { type Intent, short, type TraceCheck } from './fold'

export function singleEffect(): TraceCheck {
  const charges = new Map<Intent, string[]>()
  return {
    onEvent(e, state, report) {
      if (e.kind !== 'provider-accepted' || e.chargeId === undefined) return
      if (state.chargeEvent.get(e.chargeId) !== e.i) return
      const intent = state.intentOf(e)
      if (!intent) return
      const taken = charges.get(intent) ?? []
      charges.set(intent, taken)
      taken.push(e.chargeId)
      if (taken.length === 2)
        report.violation(
          'I1',
          `Account ${e.accountId} is charged a second time for key ${short(e.key ?? '')} (${taken.join(' and ')}): one intent, ${taken.length} charges.`,
          e.i,
        )
    },
  }
}
