// I2 no divergence: every final answer one intent gets (same body) is the same status and body.

import type { Intent, TraceCheck } from './fold'
import { differentBody } from './i8-one-key-one-intent'

const FINAL_STATUSES = new Set([200, 201, 402])

export function noDivergence(): TraceCheck {
  const firstFinal = new Map<Intent, { status: number; body: string; requestId: string }>()
  return {
    onEvent(e, state, report) {
      if (e.kind !== 'response-received' || e.status === undefined) return
      const intent = state.intentOf(e)
      if (!intent || differentBody(e, intent) || !FINAL_STATUSES.has(e.status)) return
      const body = e.responseBody ?? ''
      const first = firstFinal.get(intent)
      if (!first) firstFinal.set(intent, { status: e.status, body, requestId: e.requestId ?? '' })
      else if (first.status !== e.status || first.body !== body)
        report.violation(
          'I2',
          `${e.requestId} gets ${e.status} with a different body than ${first.requestId} got (${first.status}) for the same key and body: retries must see one answer.`,
          e.i,
        )
    },
  }
}
