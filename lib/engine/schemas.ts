// Request bodies, validated before anything is stored or called. Shared by the
// engine, the live HTTP routes and the sandbox (one schema, one answer).
import { z } from 'zod'

export const SUPPORTED_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'SEK',
  'NOK',
  'DKK',
] as const
export type Currency = (typeof SUPPORTED_CURRENCIES)[number]

export const MAX_AMOUNT_MINOR = 99_999_999

const amountMinor = z
  .number()
  .int('amount must be an integer number of minor units')
  .min(1, 'amount must be at least 1')
  .max(MAX_AMOUNT_MINOR, `amount must be at most ${MAX_AMOUNT_MINOR}`)

/** POST /api/payments. Unknown fields are rejected. */
export const createPaymentBodySchema = z.strictObject({
  orderId: z.string().min(1, 'orderId must not be empty').max(64, 'orderId must be at most 64 characters'),
  amount: amountMinor,
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'currency must be three upper-case letters')
    .refine((c) => (SUPPORTED_CURRENCIES as readonly string[]).includes(c), {
      message: `currency must be one of ${SUPPORTED_CURRENCIES.join(', ')}`,
    }),
  paymentMethodToken: z.string().min(1, 'paymentMethodToken must not be empty').max(255),
})
export type CreatePaymentBody = z.infer<typeof createPaymentBodySchema>

/** POST /api/payments/{id}/refunds. */
export const refundBodySchema = z.strictObject({ amount: amountMinor })
export type RefundBody = z.infer<typeof refundBodySchema>

/** The Idempotency-Key itself: 1–255 visible ASCII characters (the HTTP layer unquotes `"…"` first). */
export const idempotencyKeySchema = z
  .string()
  .min(1, 'Idempotency-Key must not be empty')
  .max(255, 'Idempotency-Key must be at most 255 characters')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be visible ASCII characters')

/** One validation problem, as listed in a 400 problem's `errors`. */
export interface FieldError {
  path: string
  message: string
}

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    path: issue.path.length > 0 ? issue.path.join('.') : '(body)',
    message:
      issue.code === 'unrecognized_keys' ? `unknown field(s): ${issue.keys.join(', ')}` : issue.message,
  }))
}
