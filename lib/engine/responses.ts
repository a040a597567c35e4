// The bodies the engine answers with. A stored body is the exact text replayed, so
// each is built once (key order fixed here) and never re-serialised.
import { PROBLEM_CONTENT_TYPE, problem } from './problem'
import type { FieldError } from './schemas'
import type { PaymentRow, RefundRow } from './store-port'
import type { EngineResponse, ResponseKind } from './types'

export const PROBLEM_SLUGS = {
  invalid: 'invalid-request',
  mismatch: 'idempotency-key-reused',
  inFlight: 'idempotency-key-in-flight',
  notFound: 'not-found',
  overRefund: 'refund-exceeds-capture',
  notRefundable: 'payment-not-refundable',
} as const

export function isoAt(ms: number): string {
  return new Date(ms).toISOString()
}

export function paymentBody(p: PaymentRow): string {
  const base = {
    id: p.id,
    object: 'payment',
    orderId: p.order_id,
    amount: p.amount_minor,
    currency: p.currency,
    state: p.state,
  }
  const withFailure =
    p.state === 'failed' ? { ...base, failureCode: p.failure_code ?? 'card_declined' } : base
  return JSON.stringify({ ...withFailure, createdAt: isoAt(p.created_at_ms) })
}

export function paymentStatus(state: PaymentRow['state']): number {
  return state === 'succeeded' ? 201 : state === 'failed' ? 402 : 202
}

export function refundBody(r: RefundRow, currency: string): string {
  return JSON.stringify({
    id: r.id,
    object: 'refund',
    paymentId: r.payment_id,
    amount: r.amount_minor,
    currency,
    state: r.state,
    createdAt: isoAt(r.created_at_ms),
  })
}

export function refundStatus(state: RefundRow['state']): number {
  return state === 'succeeded' ? 201 : state === 'failed' ? 402 : 202
}

/** A first answer (not a replay) with a JSON body. */
export function fresh(kind: ResponseKind, status: number, body: string, location?: string): EngineResponse {
  return location === undefined
    ? { kind, status, body, contentType: 'application/json', replayed: false }
    : { kind, status, body, contentType: 'application/json', replayed: false, location }
}

/** A stored response returned again, byte for byte. */
export function replay(
  status: number,
  body: string,
  location?: string,
  kind: ResponseKind = 'replayed',
): EngineResponse {
  const contentType = status >= 400 && status !== 402 ? PROBLEM_CONTENT_TYPE : 'application/json'
  return location === undefined
    ? { kind, status, body, contentType, replayed: true }
    : { kind, status, body, contentType, replayed: true, location }
}

function problemResult(
  kind: ResponseKind,
  slug: string,
  title: string,
  status: number,
  detail: string,
  extra = {},
) {
  const response: EngineResponse = {
    kind,
    status,
    body: JSON.stringify(problem(slug, title, status, detail, extra)),
    contentType: PROBLEM_CONTENT_TYPE,
    replayed: false,
  }
  return response
}

export function invalidResponse(errors: FieldError[]): EngineResponse {
  return problemResult(
    'invalid',
    PROBLEM_SLUGS.invalid,
    'Invalid request body',
    400,
    errors.map((e) => `${e.path}: ${e.message}`).join('; '),
    { errors },
  )
}

export function mismatchResponse(): EngineResponse {
  return problemResult(
    'mismatch',
    PROBLEM_SLUGS.mismatch,
    'Idempotency key reused with a different body',
    422,
    'This Idempotency-Key was first used with a different request body. A key names one intent: send a new key for a new request.',
  )
}

export function inFlightResponse(retryAfterS: number): EngineResponse {
  return {
    ...problemResult(
      'in-flight',
      PROBLEM_SLUGS.inFlight,
      'Request with this key still in flight',
      409,
      'The first request with this Idempotency-Key has not finished. Retry after the delay to receive its result.',
      { retryAfterS },
    ),
    retryAfterS,
  }
}

export function notFoundResponse(what: string): EngineResponse {
  return problemResult(
    'not-found',
    PROBLEM_SLUGS.notFound,
    'Not found',
    404,
    `No ${what} with that id for this account.`,
  )
}

export function overRefundResponse(capturedMinor: number, refundedMinor: number): EngineResponse {
  return problemResult(
    'over-refund',
    PROBLEM_SLUGS.overRefund,
    'Refund exceeds the captured amount',
    400,
    `Only ${capturedMinor - refundedMinor} of ${capturedMinor} minor units can still be refunded.`,
    { capturedMinor, refundedMinor },
  )
}

export function notRefundableResponse(state: string): EngineResponse {
  return problemResult(
    'not-refundable',
    PROBLEM_SLUGS.notRefundable,
    'Payment cannot be refunded',
    409,
    `The payment is ${state}; only a succeeded payment can be refunded.`,
  )
}
