// I8 one key, one intent: a key first used for one body never charges or answers for
// another (the answer to a different body under a used key is 422, never an old answer).
import type { TraceEvent } from '../trace'
import { type Intent, short, type TraceCheck } from './fold'

/** Statuses that are not an answer to the request (nothing was done for it). */
const NOT_AN_ANSWER = new Set([400, 404, 409, 422])

/** The event carries another body than the one that first claimed its intent. */
export function differentBody(e: TraceEvent, intent: Intent): boolean {
  return (
    intent.ownerHash !== undefined && e.bodyHashLabel !== undefined && e.bodyHashLabel !== intent.ownerHash
  )
}

export const oneKeyOneIntent: TraceCheck = {
  onEvent(e, state, report) {
    if (e.kind === 'provider-call') {
      const intent = state.intentOf(e)
      if (!intent || e.requestId === 'sweep' || e.requestId === 'webhook' || !differentBody(e, intent)) return
      report.violation(
        'I8',
        `Key ${short(e.key ?? '')} was first used for body ${intent.ownerHash}, yet ${e.requestId} (body ${e.bodyHashLabel}) makes the server charge under it: one key must name one intent.`,
        e.i,
      )
    } else if (e.kind === 'response-received' && e.status !== undefined) {
      const intent = state.intentOf(e)
      if (!intent || !differentBody(e, intent) || NOT_AN_ANSWER.has(e.status)) return
      report.violation(
        'I8',
        `${e.requestId} reused key ${short(e.key ?? '')} with a different body (${e.bodyHashLabel}, first ${intent.ownerHash}) and got ${e.status} instead of 422: the answer describes a request it did not send.`,
        e.i,
      )
    }
  },
}
