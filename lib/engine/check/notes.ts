// Not a violation, but worth saying: a claim after its key expired is a new intent.
import { accountKey, short, type TraceCheck } from './fold'

export const expiryNotes: TraceCheck = {
  onEvent(e, state, report) {
    if (e.kind !== 'claim-inserted' || e.accountId === undefined || e.key === undefined) return
    const base = accountKey(e.accountId, e.key)
    if (!state.expiredSince.delete(base)) return
    report.note(
      `Key ${short(e.key)} had expired, so ${e.requestId ?? 'this request'} is a new intent: a charge for it is not a duplicate (I1 does not apply across expiry).`,
      e.i,
    )
  },
}
