// I7 no blind retry: after a charge's outcome became unknown, the server asks the
// provider (lookup, webhook) before charging again — or re-sends under the same
// downstream key, which the provider dedupes.
import { short, type TraceCheck } from './fold'

export const noBlindRetry: TraceCheck = {
  onEvent(e, state, report) {
    if (e.kind !== 'provider-call') return
    const intent = state.intentOf(e)
    if (!intent?.unknownSinceTimeout) return
    const sameKey = e.providerKey != null && e.providerKey === intent.unknownProviderKey
    if (sameKey) return
    report.violation(
      'I7',
      `The first charge for key ${short(e.key ?? '')} has an unknown outcome, and the server charges again without asking the provider first: a blind retry can take the money twice.`,
      e.i,
    )
  },
}
