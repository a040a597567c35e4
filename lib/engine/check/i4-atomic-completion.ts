// I4 atomic completion: after every commit, a final payment's key is completed in that
// same commit, and a completed key has a final payment row and a stored response.
import { short, type TraceCheck } from './fold'

export function atomicCompletion(): TraceCheck {
  const reported = new Set<string>()
  const paymentStates = new Map<number, string>()
  return {
    onEvent(e, { keys, payments }, report) {
      if (!e.rows || (!e.rows.idempotencyKeys && !e.rows.payments)) return
      for (const p of payments) {
        // Judge a payment at the commit that made it final: its key must be completed in that same commit.
        if (p.state === 'pending_unknown' || p.idempotencyKey === undefined || !e.rows.payments) continue
        if (paymentStates.get(p.id) === p.state) continue
        const key = keys.find(
          (k) =>
            (k.accountId === p.accountId || k.accountId === 0) &&
            k.key === p.idempotencyKey &&
            (k.operation ?? 'create_payment') === 'create_payment',
        )
        const tag = `p${p.id}`
        if (key && key.status !== 'completed' && !reported.has(tag)) {
          reported.add(tag)
          report.violation(
            'I4',
            `Payment ${p.id} is committed while key ${short(key.key)} is still ${key.status}: the payment row and the key's completion were not one transaction, so a crash here leaves them disagreeing.`,
            e.i,
          )
        }
      }
      for (const k of keys) {
        if (k.status !== 'completed' || (k.operation ?? 'create_payment') !== 'create_payment') continue
        const tag = `k${k.accountId}\u0000${k.key}\u0000${k.createdAtMs ?? 0}`
        const payment = k.resourceId != null ? payments.find((p) => p.id === k.resourceId) : undefined
        const ok =
          k.responseBody !== null &&
          k.responseStatus !== null &&
          payment !== undefined &&
          payment.state !== 'pending_unknown'
        if (!ok && !reported.has(tag)) {
          reported.add(tag)
          report.violation(
            'I4',
            `Key ${short(k.key)} is completed without a final payment row and stored response behind it.`,
            e.i,
          )
        }
      }
      if (e.rows.payments) for (const p of payments) paymentStates.set(p.id, p.state)
    },
  }
}
