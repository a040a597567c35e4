// Doing the work of a claimed key: a payment (payment.ts) or a refund (refund.ts).
import type { KeyRow } from '../store-port'
import type { Answer, EngineContext, Req } from './context'
import { drivePayment } from './payment'
import { driveRefund } from './refund'

export function drive(e: EngineContext, row: KeyRow, req: Req): Answer {
  return row.operation === 'create_payment' ? drivePayment(e, row, req) : driveRefund(e, row, req)
}
