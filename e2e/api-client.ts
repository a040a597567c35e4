// Small helpers for the payments API specs: a client that speaks to the API the way
// curl would (bearer key, Idempotency-Key, JSON), over Playwright's request fixture.
import { randomUUID } from 'node:crypto'
import { type APIRequestContext, type APIResponse, expect } from '@playwright/test'

export interface PaymentBody {
  orderId: string
  amount: number
  currency: string
  paymentMethodToken: string
}

export const demoKey17 = 'sk_test_17'
export const demoKey18 = 'sk_test_18'

export function paymentBody(overrides: Partial<PaymentBody> = {}): PaymentBody {
  return { orderId: 'order-42', amount: 2500, currency: 'USD', paymentMethodToken: 'token-9', ...overrides }
}

export function newKey(): string {
  return randomUUID()
}

export interface TestAccount {
  id: number
  apiKey: string
  /**
   * Charges the provider already holds for this account id. The provider is an
   * external system with its own file, which may outlive our database between
   * runs (and account ids restart): tests count the charges made after this.
   */
  chargesBefore: number
}

/**
 * A fresh sandbox account, so counts in one test never see another test's charges. Made as a
 * learner of its own (a learner cookie), as a class would: cookieless creation shares the
 * address's small anonymous bucket, which the rate-limit tests drain on purpose.
 */
export async function newAccount(request: APIRequestContext): Promise<TestAccount> {
  const res = await request.post('/api/accounts', {
    headers: { cookie: `drill-learner=${crypto.randomUUID()}` },
  })
  expect(res.status()).toBe(201)
  const { id, apiKey } = (await res.json()) as { id: number; apiKey: string }
  return { id, apiKey, chargesBefore: (await charges(request, apiKey)).length }
}

/** The provider's charges for this account made since `newAccount`. */
export async function newCharges(request: APIRequestContext, account: TestAccount): Promise<ChargeView[]> {
  return (await charges(request, account.apiKey)).slice(account.chargesBefore)
}

export function pay(
  request: APIRequestContext,
  apiKey: string,
  key: string | null,
  body: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<APIResponse> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${apiKey}`,
    'content-type': 'application/json',
    ...extraHeaders,
  }
  if (key !== null) headers['idempotency-key'] = key
  return request.post('/api/payments', {
    headers,
    data: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

export async function getJson<T>(request: APIRequestContext, apiKey: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { authorization: `Bearer ${apiKey}` } })
  expect(res.status(), `GET ${url}`).toBe(200)
  return (await res.json()) as T
}

export interface ChargeView {
  id: string
  providerKey: string | null
  amount: number
  currency: string
  status: string
  createdAt: string
}

export interface KeyView {
  key: string
  status: string
  bodyHash: string
  responseStatus: number | null
  createdAt: string
  expiresAt: string
}

export const charges = (request: APIRequestContext, apiKey: string) =>
  getJson<ChargeView[]>(request, apiKey, '/api/provider/charges')

export const keyRows = (request: APIRequestContext, apiKey: string) =>
  getJson<KeyView[]>(request, apiKey, '/api/idempotency-keys')

export async function expectProblem(res: APIResponse, status: number): Promise<Record<string, unknown>> {
  expect(res.status()).toBe(status)
  expect(res.headers()['content-type']).toContain('application/problem+json')
  const body = (await res.json()) as Record<string, unknown>
  expect(body.status).toBe(status)
  expect(typeof body.type).toBe('string')
  expect(typeof body.title).toBe('string')
  expect(typeof body.detail).toBe('string')
  return body
}

export async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (done(value) || Date.now() > deadline) return value
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}
